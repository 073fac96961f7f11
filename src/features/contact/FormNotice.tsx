/**
 * The short data-protection notice under a form's send button (RGPD art. 13): what the data is for, how
 * long it is kept, and a link to the privacy policy. One text for every form, naming what it answers.
 */
import { PRIVACY_POLICY } from '../../lib/phrases';
import { paths } from '../../lib/paths';

/**
 * The notice; `purpose` completes « Vos informations servent uniquement à … », `keptFor` is how long a request
 * is kept as the lifetimes table says it (`lifetimeText('request')`), given by the page that mounts the form:
 * the table itself stays out of the form's JavaScript.
 */
export function FormNotice({ purpose, keptFor }: { purpose: string; keptFor: string }) {
  return (
    <p className="form-notice">
      Vos informations servent uniquement à {purpose}. Elles sont conservées {keptFor} puis supprimées&#8239;;
      vous pouvez y accéder ou les faire effacer à tout moment. <a href={paths.privacy}>{PRIVACY_POLICY}</a>
    </p>
  );
}
