import { createPagesLoader, type ToLoader } from './course-pages-loader';

// One load per worker: the page starts a worker for a load and ends it when the load is over.
const handle = createPagesLoader((message) => globalThis.postMessage(message));

globalThis.addEventListener('message', (event: MessageEvent<ToLoader>) => handle(event.data));
