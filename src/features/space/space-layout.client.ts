/**
 * The space layout's behaviour: shows the company's name once the session is known (a signed-out
 * visitor is sent to the sign-in page by spaceCall), and « Se déconnecter » ends this device's session.
 */
import { spacePaths } from '../../lib/paths';
import { spaceApi } from './space-paths';
import { signedIn, spaceCall } from './space-client';

void signedIn.then((answer) => {
  if (!answer.ok) return;
  for (const node of document.querySelectorAll<HTMLElement>('[data-space-company]')) node.textContent = answer.data.company.name;
});

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-space-signout]')) {
  button.addEventListener('click', async () => {
    button.disabled = true;
    await spaceCall(spaceApi.signOut, {});
    location.replace(spacePaths.signIn);
  });
}
