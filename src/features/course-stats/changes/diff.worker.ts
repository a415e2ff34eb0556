import { handleDiffRequest, type DiffRequest } from './diff';

// A module worker (see compare-snapshots.ts): one comparison per message, answered by id.
self.addEventListener('message', (event: MessageEvent<DiffRequest>) => {
  self.postMessage(handleDiffRequest(event.data));
});
