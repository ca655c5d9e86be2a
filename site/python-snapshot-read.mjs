/* A module worker that reads python.mjs's memory snapshot from Cache
   Storage and checks it whole (its build's key, its length, its SHA-256)
   off the page's main thread: the SHA-256 of 30 MB holds a thread for
   73-174 ms on a desktop and four times that on a phone, while the page is
   still loading PyScript.  It posts back the checked bytes (transferred, not
   copied), `{ missing: true }` when there is no snapshot, or `{ problem }`
   (the words python.mjs says, then it deletes the entry). */

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function read({ cache, entry, key }) {
  const hit = await (await caches.open(cache)).match(entry);
  if (!hit) return { missing: true };
  const headers = hit.headers;
  if (headers.get("x-snapshot-key") !== key) {
    return { problem: "the cached snapshot belongs to another build; booting normally" };
  }
  const bytes = new Uint8Array(await hit.arrayBuffer());
  if (Number(headers.get("x-snapshot-length")) !== bytes.length
      || headers.get("x-snapshot-sha256") !== await sha256(bytes)) {
    return { problem: "the cached snapshot is damaged; booting normally" };
  }
  return { bytes };
}

self.onmessage = async ({ data }) => {
  try {
    const reply = await read(data);
    self.postMessage(reply, reply.bytes ? [reply.bytes.buffer] : []);
  } catch (err) {
    self.postMessage({ error: String(err && err.message || err) });
  }
};
