import { useEffect, type RefObject } from 'react';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** What the server drew into a control: its value before anyone touched it. */
function drawnValue(el: Control): string {
  if (el instanceof HTMLSelectElement) return Array.from(el.options).find((o) => o.defaultSelected)?.value ?? el.options[0]?.value ?? '';
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
export function useTypedBeforeHydration(formRef: RefObject<HTMLFormElement | null>, take: (name: string, value: string) => void) {
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const el of Array.from(form.elements)) {
      if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) || !(el.name || el.id)) continue;
      if (el instanceof HTMLInputElement && ['checkbox', 'radio', 'file', 'hidden', 'submit', 'button'].includes(el.type)) continue;
      if (el.value !== drawnValue(el)) take(el.name || el.id, el.value);
    }
    // Only what the drawn page held when the form was first mounted; later typing reaches state as usual.
  }, []);
}
