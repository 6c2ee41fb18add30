/** Types of busy-cores.mjs. */
import type { ChildProcess } from 'node:child_process';
export function busyCores(perCore?: number, maxSeconds?: number): Promise<ChildProcess[]>;
export function stopBusyCores(children: ChildProcess[]): void;
