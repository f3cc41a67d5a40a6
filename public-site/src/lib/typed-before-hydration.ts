import { useEffect, useState, type FormEvent, type RefObject } from 'react';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** What the server drew into a control: its value before anyone touched it. */
function drawnValue(el: Control): string {
  if (el instanceof HTMLSelectElement)
    return Array.from(el.options).find((o) => o.defaultSelected)?.value ?? el.options[0]?.value ?? '';
  return el.defaultValue;
}

/**
 * What a visitor typed or chose in a server-drawn form before the page's scripts ran (decision
 * 0251). React hydrates a field and leaves its text on screen, but the form's state still holds
 * what the server drew (empty), so the search never ran and a submit sent an empty field.
 *
 * Once, when the form is first mounted, each field of `formRef`'s form whose value differs from
 * the drawn one is handed to `take(name, value)`, named by its `name` or else its `id`, which puts it into the form's state as if it
 * had been typed then. Checkboxes, radios and files are left alone: none of the drawn forms needs them.
 */
export function useTypedBeforeHydration(
  formRef: RefObject<HTMLFormElement | null>,
  take: (name: string, value: string) => void,
) {
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const el of Array.from(form.elements)) {
      if (
        !(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) ||
        !(el.name || el.id)
      )
        continue;
      if (
        el instanceof HTMLInputElement &&
        ['checkbox', 'radio', 'file', 'hidden', 'submit', 'button'].includes(el.type)
      )
        continue;
      if (el.value !== drawnValue(el)) take(el.name || el.id, el.value);
    }
    // Only what the drawn page held when the form was first mounted; later typing reaches state as usual.
  }, []);
}

/**
 * A drawn form marked `data-hold-submit` (decision 0670): start-after-paint.js stops the browser
 * from sending it before the page's scripts run, and leaves `lcHeld` on it; the page marks it
 * `lcLive` once it has taken the form over. (Properties, not attributes: nothing in the drawn HTML
 * changes before React hydrates it.)
 */
interface HoldingForm extends HTMLFormElement {
  lcLive?: boolean;
  lcHeld?: boolean;
}

/**
 * A form sent before the page's scripts ran (Enter, or its button) is sent once they run, with what
 * was typed (take it first with useTypedBeforeHydration, called before this hook). Returns a check
 * for the start of the form's onSubmit: true when the send is held for now (the form is not taken
 * over yet: what was typed has not reached its state), and the caller returns.
 *
 * The form is live only from the render after hydration: what useTypedBeforeHydration took is set
 * in the hydration's effects and drawn one render later. A send between the two would read the
 * drawn (empty) state; it is held and replayed then instead (seen under load: a sign-in typed
 * before hydration and sent 6 ms after it answered "Please enter a valid email address").
 */
export function useSubmitHeldBeforeHydration(formRef: RefObject<HTMLFormElement | null>): (e: FormEvent) => boolean {
  const [takenOver, setTakenOver] = useState(false);
  // Batched with what useTypedBeforeHydration sets: one render holds both.
  useEffect(() => setTakenOver(true), []);
  useEffect(() => {
    const form = formRef.current as HoldingForm | null;
    if (!takenOver || !form) return;
    form.lcLive = true;
    if (form.lcHeld) form.requestSubmit();
  }, [takenOver]);
  return (e) => {
    const form = formRef.current as HoldingForm | null;
    if (form && !form.lcLive) {
      e.preventDefault();
      form.lcHeld = true;
      return true;
    }
    if (form) form.lcHeld = false;
    return false;
  };
}
