/**
 * The TCP sockets a process tree listens on, read from /proc (Linux): the tree's pids from each process's
 * parent, each pid's socket inodes from /proc/<pid>/fd, their addresses from /proc/net/tcp and tcp6.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** A listening socket: its address as written (« 127.0.0.1 », « ::1 », « :: »…) and its port. */
export interface Listening {
  address: string;
  port: number;
  pid: number;
}

/** `root` and every process descending from it. */
export function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // « pid (comm) state ppid … »: the command may hold spaces and parentheses, so read after the last one.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended meanwhile.
    }
  }
  const tree = [root];
  for (let index = 0; index < tree.length; index += 1) {
    for (const [pid, parent] of parents) if (parent === tree[index] && !tree.includes(pid)) tree.push(pid);
  }
  return tree;
}

/** An address of /proc/net/tcp{,6} (little-endian hexadecimal words) in its usual writing. */
function decodeAddress(hex: string): string {
  const words = hex.match(/.{8}/g)!.map((word) => word.match(/../g)!.reverse().join(''));
  if (words.length === 1) return words[0]!.match(/../g)!.map((byte) => parseInt(byte, 16)).join('.');
  const full = words.join('');
  // An IPv4 address mapped into IPv6 (::ffff:127.0.0.1) reads as the IPv4 address.
  if (full.startsWith('00000000000000000000ffff')) return decodeAddress(hex.slice(24));
  const groups = full.match(/.{4}/g)!.map((group) => parseInt(group, 16).toString(16));
  return groups.join(':').replace(/(^|:)0(:0)+(:|$)/, '::').replace(/:{3,}/, '::');
}

/** Every listening TCP socket of these processes. */
export function listeningSockets(pids: readonly number[]): Listening[] {
  const owners = new Map<string, number>();
  for (const pid of pids) {
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        if (inode) owners.set(inode, pid);
      } catch {
        // Closed meanwhile.
      }
    }
  }
  const sockets: Listening[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      // 0A is LISTEN; column 9 is the inode.
      if (columns.length < 10 || columns[3] !== '0A') continue;
      const pid = owners.get(columns[9]!);
      if (pid === undefined) continue;
      const [address, port] = columns[1]!.split(':');
      sockets.push({ address: decodeAddress(address!), port: parseInt(port!, 16), pid });
    }
  }
  return sockets;
}
