/**
 * Writes a build's files beside the work that makes them. Creating a file is the kernel's work
 * (about 0.7 ms a file on a disk of this project's development machine, for thousands of pages,
 * compressed forms and search-index fragments), which a synchronous write makes the build's one
 * JavaScript thread wait for; written through fs.promises it runs on Node's thread pool while the
 * next page renders. A few files at a time, so thousands queued never hold thousands of file
 * descriptors open.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Files in flight at once: enough to keep the thread pool's four threads busy. */
const WRITERS = 8;

export class FileWriter {
  private readonly queue: { file: string; data: string | Uint8Array }[] = [];
  private next = 0;
  private readonly folders = new Map<string, Promise<unknown>>();
  private readonly running = new Set<Promise<void>>();
  private failure: Error | undefined;

  /** Queues `data` to be written to `file` (an absolute path), making its folder first. */
  write(file: string, data: string | Uint8Array): void {
    this.queue.push({ file, data });
    if (this.running.size < WRITERS) {
      const writer = this.drain().finally(() => this.running.delete(writer));
      this.running.add(writer);
    }
  }

  /** Resolves once every queued file is written; rejects with the first write that failed, naming its file. */
  async done(): Promise<void> {
    while (this.running.size) await Promise.all(this.running);
    if (this.failure) throw this.failure;
  }

  private async drain(): Promise<void> {
    while (this.next < this.queue.length) {
      const job = this.queue[this.next];
      // Written jobs are let go, so a build's pages are not all held in memory until the end.
      this.queue[this.next++] = { file: '', data: '' };
      try {
        await this.folder(path.dirname(job.file));
        await fs.promises.writeFile(job.file, job.data);
      } catch (error) {
        this.failure ??= new Error(`${job.file} could not be written: ${(error as Error).message}`, { cause: error });
      }
    }
  }

  private folder(dir: string): Promise<unknown> {
    let made = this.folders.get(dir);
    if (!made) {
      made = fs.promises.mkdir(dir, { recursive: true });
      this.folders.set(dir, made);
    }
    return made;
  }
}
