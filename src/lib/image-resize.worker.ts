/// <reference lib="webworker" />
// Off the main thread so a big photo never freezes the form.
import { type ResizeReply, type ResizeRequest, resizeWithOffscreen } from './image-resize';

self.onmessage = async (e: MessageEvent<ResizeRequest>) => {
  let reply: ResizeReply;
  try {
    const out = await resizeWithOffscreen(e.data);
    reply = { ok: true, ...out };
  } catch (err) {
    reply = { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  (self as unknown as { postMessage(m: ResizeReply): void }).postMessage(reply);
};
