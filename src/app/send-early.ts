import { sendEarlyRequests } from './early-requests';

// The app's entry imports this first, so that when the entry runs before app/screen-preload.ts, the screen's
// first request still leaves before the rest of the bundle (React, the schemas, the app) is evaluated: tens of
// milliseconds on a laptop, several times that on a phone. Whichever of the two runs first sends it.
sendEarlyRequests(window.location);
