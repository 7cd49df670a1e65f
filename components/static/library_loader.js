// Fetches the live view's library (components/browser_library.py publishes it), imports it
// once per page and hands it Vega's part of the same file, which the first chart drawn
// imports. `loadLibrary` is called by the page's companion (screen.js), or, in an app without
// nDCG Lab's shell, by a loader of its own (browser_library.py). The file is two gzip members,
// the library's bytes first (data.split of them): the library is imported as soon as those
// are in, while Vega's go on arriving. The server sends the bytes as they are, so the
// browser unzips them itself. The bytes stay arrays: a Blob of them, read back, took about
// 4 ms more here.
async function importGzipped(chunks) {
  const zipped = new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  const script = await new Response(zipped.pipeThrough(new DecompressionStream("gzip"))).text();
  const url = URL.createObjectURL(new Blob([script], { type: "text/javascript" }));
  try {
    return await import(url);
  } finally {
    URL.revokeObjectURL(url);
  }
}

// The answer's first `split` bytes, and a promise of the rest (both as arrays of chunks).
async function readParts(src, split) {
  const response = await fetch(src);
  if (!response.ok) throw new Error(`nDCG Lab library: HTTP ${response.status}`);
  const reader = response.body.getReader();
  const head = [];
  const more = [];
  let length = 0;
  while (length < split) {
    const { done, value } = await reader.read();
    if (done) throw new Error("nDCG Lab library: the file was cut short");
    const take = Math.min(split - length, value.length);
    head.push(value.subarray(0, take));
    if (take < value.length) more.push(value.subarray(take));
    length += take;
  }
  const rest = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return more;
      more.push(value);
    }
  })();
  rest.catch(() => {}); // said by the first chart that asks for it, not here
  return [head, rest];
}

// Once per page, however often the page asks: a file that did not arrive is not asked for
// again with each rerun (the note says to reload). The failure is kept, not only announced:
// a view mounted after it (its component can mount after the companion's fetch has failed,
// and a later page's view always does) reads ndcgLabLibraryFailed and says so too.
function loadLibrary(data) {
  if (globalThis.ndcgLabLibrary || globalThis.ndcgLabLibraryLoading) return;
  globalThis.ndcgLabLibraryLoading = (async () => {
    const [library, vega] = await readParts(data.src, data.split);
    (await importGzipped(library)).default({ vega: async () => importGzipped(await vega) });
  })().catch((error) => {
    globalThis.ndcgLabLibraryFailed = true;
    console.error(error);
    window.dispatchEvent(new Event(data.failed)); // each live view says so where it would be
  });
}
