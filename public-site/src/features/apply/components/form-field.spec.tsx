/// <reference types="jest" />
import { renderToStaticMarkup } from 'react-dom/server';
import { FormField, fieldA11y } from './form-field';
import { WizardProgress } from './wizard-progress';

// What a person (and a screen reader) gets from the application form's building blocks.

const field = (props: { error?: string | null; hint?: string; required?: boolean }) =>
  renderToStaticMarkup(
    <FormField id="phone" label="Phone Number" {...props}>
      <input id="phone" {...fieldA11y('phone', props.error, { hint: !!props.hint })} />
    </FormField>,
  );

describe('a form field', () => {
  it('labels its control with exactly the label text, the asterisk hidden from screen readers', () => {
    const html = field({ required: true });
    expect(html).toContain('<label');
    expect(html).toMatch(/for="phone"[^>]*>Phone Number<\/label>/);
    expect(html).toContain('<span class="ml-0.5 text-sm text-destructive" aria-hidden="true">*</span>');
  });

  it('shows the hint and points the control at it while nothing is wrong', () => {
    const html = field({ hint: 'Only admins see this.' });
    expect(html).toContain('<p id="phone-hint" class="text-xs text-muted-foreground">Only admins see this.</p>');
    expect(html).toMatch(/<input id="phone" aria-describedby="phone-hint"\/?>/);
    expect(html).not.toContain('aria-invalid');
  });

  it('replaces the hint with the error beside the field, announced and linked to the control', () => {
    const html = field({ hint: 'Only admins see this.', error: 'Phone number too short' });
    expect(html).toContain(
      '<p id="phone-error" class="text-xs font-medium text-destructive" role="alert">Phone number too short</p>',
    );
    expect(html).not.toContain('phone-hint');
    expect(html).toMatch(
      /<input id="phone" aria-invalid="true" aria-describedby="phone-error" class="border-destructive"\/?>/,
    );
  });
});

describe('the wizard progress', () => {
  it('marks the current step and says which steps are done', () => {
    const html = renderToStaticMarkup(<WizardProgress step={3} />);
    expect(html).toContain('aria-label="Application progress"');
    expect(html.match(/aria-current="step"/g)).toHaveLength(1);
    expect(html.match(/\(done\)/g)).toHaveLength(2);
    // The current step's name is bold; steps ahead are numbered.
    expect(html).toMatch(/font-semibold text-foreground">Niches</);
    expect(html).toMatch(/>4<\/span>/);
  });
});
