import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';

export function Section({ title, icon, children }: { title: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <h2 className="flex items-center gap-2 text-base font-semibold tracking-tight">
          {icon}
          {title}
        </h2>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function ChipList({ items, label, emphasis = false }: { items: string[]; label: string; emphasis?: boolean }) {
  if (items.length === 0) return <p className="text-sm text-muted-foreground">Not listed.</p>;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {items.map((item) => (
        <li key={item}>
          <Badge variant={emphasis ? 'default' : 'secondary'} className="px-3 py-1 text-sm font-medium">
            {item}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
