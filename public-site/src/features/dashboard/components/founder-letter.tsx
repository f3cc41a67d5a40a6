import { Heart } from 'lucide-react';
import { APPROVAL_WAIT_HOURS } from '@local-creators/common';
import { Card, CardContent, CardHeader } from '@/components/ui/card';

/** Shown while the application waits for review. */
export function FounderLetter({ firstName, city }: { firstName: string; city: string }) {
  return (
    <Card className="overflow-hidden">
      <div className="h-1.5 bg-gradient-to-r from-primary via-primary/60 to-amber-400" aria-hidden />
      <CardHeader>
        <p className="text-sm font-medium text-primary">A note from our founder</p>
        <h2 className="text-xl font-semibold tracking-tight">Welcome to the crew, {firstName}!</h2>
      </CardHeader>
      <CardContent className="max-w-prose space-y-4 text-[15px] leading-relaxed text-foreground/90">
        <p>
          Thank you for applying. Seriously. Every person in this directory makes {city} look a little better online,
          and I'm thrilled you want to be one of them.
        </p>
        <p>
          Here is what happens next: within {APPROVAL_WAIT_HOURS} hours, I (or someone from our very small team) will
          give you a quick call or send you a direct message. It's not an interview, just a friendly hello to confirm
          you're a real person from {city}. That one step is why brands trust the badge, and why fake accounts and bots
          never make it in.
        </p>
        <p>
          Once you're verified, your profile goes live in the directory with a verified badge and a link you can share
          with any brand, business or event organiser. Local businesses browse the directory and reach out to you
          directly. No middlemen, no agency taking a cut.
        </p>
        <p>
          And so there is no fine print: this is free. Not free for now, not free until we add a premium tier. Free
          forever. No fees, no subscription, no card. If a brand pays you, every dollar is yours.
        </p>
        <p>
          While you wait, have a look at the Pricing Playbook below. Most creators undercharge, and I'd love for you not
          to be one of them.
        </p>
        <p>Talk soon, and thank you for making {city} look good.</p>
        <p className="flex items-center gap-2 pt-1 font-medium">
          <Heart className="size-4 fill-primary text-primary" aria-hidden />
          The founder, Local Creators
        </p>
      </CardContent>
    </Card>
  );
}
