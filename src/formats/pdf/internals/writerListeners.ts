/**
 * pdfmake's page writer gets a listener per table being laid out (and per row being split) and
 * one per list item being marked, each removed when done. Tables and lists nest at most 12 levels
 * (blocks/context.ts), so a dozen at once is the design, not a leak; but Node's default of 10
 * printed "Possible EventEmitter memory leak detected" to the service's stderr for every such export.
 */
import type { EventEmitter } from 'node:events';
import type { PrototypeHook } from './hook';
import { PDFMAKE_0_3_11, pdfmakeClass } from './libraries';

const WRITER_LISTENERS = 64;

export const writerListenerLimit: PrototypeHook = {
  name: 'writer listener limit',
  writtenFor: PDFMAKE_0_3_11,
  // Node's EventEmitter method, which pdfmake's PageElementWriter inherits.
  target: { owner: 'PageElementWriter', method: 'addListener', parameters: ['type', 'listener'] },
  reads: { 'this.getMaxListeners': 'function', 'this.setMaxListeners': 'function' },
  prototype: () => pdfmakeClass('PageElementWriter').prototype,
  wrap: (addListener) =>
    function addWriterListener(this: EventEmitter, ...args: Parameters<EventEmitter['addListener']>) {
      if (this.getMaxListeners() < WRITER_LISTENERS) this.setMaxListeners(WRITER_LISTENERS);
      return addListener.apply(this, args);
    },
};
