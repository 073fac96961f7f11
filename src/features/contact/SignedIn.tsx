/**
 * The public forms of a customer signed in to the space: the fields the account knows are filled (still
 * editable; a reset of the form brings them back), and a line says who is signed in and that the request
 * will be attached to the space. Nothing happens for a visitor without an account.
 */
import { useEffect, useState, type RefObject } from 'react';
import type { CustomerMe } from '../customers/model';
import { accountValues, signedInCustomer, signedInSentence } from '../customers/signed-in';

/** The signed-in customer once known (null before, and for everyone else); fills the empty fields of `form` from the account. */
export function useSignedInForm(form: RefObject<HTMLFormElement | null>): CustomerMe | null {
  const [me, setMe] = useState<CustomerMe | null>(null);
  useEffect(() => {
    let live = true;
    void signedInCustomer().then((found) => {
      if (!live || !found) return;
      for (const [name, value] of Object.entries(accountValues(found))) {
        const field = form.current?.elements.namedItem(name);
        if (!(field instanceof HTMLInputElement) || !value) continue;
        field.defaultValue = value;
        if (field.value === '') field.value = value;
      }
      setMe(found);
    });
    return () => {
      live = false;
    };
  }, [form]);
  return me;
}

/** « Connecté en tant que … — la demande sera rattachée à votre espace client. » */
export function SignedInLine({ me }: { me: CustomerMe | null }) {
  if (!me) return null;
  const sentence = signedInSentence(me);
  return (
    <p className="signed-in-line">
      {sentence.before}
      <strong>{sentence.name}</strong>
      {sentence.after}
    </p>
  );
}
