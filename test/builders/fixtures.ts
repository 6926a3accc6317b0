import fs from 'node:fs';
import path from 'node:path';

export const FIXTURES = path.resolve(__dirname, '../../fixtures');
/** A fixture's raw wire text: duplicate keys and all, exactly as the backend sends it. */
export const fixtureText = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');
export const fixtureJson = (name: string) => JSON.parse(fixtureText(name));
