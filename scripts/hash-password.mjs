/**
 * `npm run hash-password`: prints the scrypt hash of a password, for ADMIN_PASSWORD_HASH.
 *   npm run hash-password              (asks for the password, without echoing it)
 *   echo -n 'secret' | npm run hash-password
 */
import { hashPassword } from '../netlify/lib/auth/password.ts';

async function readPassword() {
  if (!process.stdin.isTTY) {
    let input = '';
    for await (const chunk of process.stdin) input += chunk;
    return input.replace(/\r?\n$/, '');
  }
  process.stdout.write('Mot de passe administrateur : ');
  process.stdin.setRawMode(true);
  process.stdin.setEncoding('utf8');
  return new Promise((resolve) => {
    let password = '';
    process.stdin.on('data', (key) => {
      for (const char of key) {
        if (char === '\r' || char === '\n') {
          process.stdin.setRawMode(false);
          process.stdin.pause();
          process.stdout.write('\n');
          resolve(password);
          return;
        }
        if (char === '\u0003') process.exit(130);
        if (char === '\u007f') password = password.slice(0, -1);
        else password += char;
      }
    });
  });
}

const password = await readPassword();
if (password.length < 12) {
  console.error('Le mot de passe doit compter au moins 12 caractères.');
  process.exit(1);
}
console.log(`\nADMIN_PASSWORD_HASH=${await hashPassword(password)}\n`);
console.log('Copiez cette ligne dans les variables d’environnement du site (Netlify) ou dans .env.');
