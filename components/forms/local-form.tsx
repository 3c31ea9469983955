/**
 * A form that submits nothing (every change is stored at once, a search applies as typed): it only
 * bounds what Chrome's autofill reads. At each focus and keystroke in a text field, autofill reads
 * every control of the field's form, or every control of the page in no form; in a step of 20 catches
 * that was 670 controls, 50–200 ms a tap at CPU 4×. So each list entry and each search box is one.
 * Forms do not nest: a list inside an entry is part of the entry's form.
 */
export function LocalForm(props: Omit<React.ComponentProps<'form'>, 'onSubmit' | 'noValidate'>) {
  return <form noValidate onSubmit={(e) => e.preventDefault()} {...props} />;
}
