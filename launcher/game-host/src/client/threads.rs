//! The three threads of a game process's handle: the writer (frames to
//! its stdin), the reader (messages from its stdout) and the output keeper
//! (the last [`OUTPUT_TAIL`] bytes of what it prints).

use super::OUTPUT_TAIL;
use super::shared::Shared;
use crate::protocol::{ToConsole, read_message};
use std::io::{BufReader, Read, Write};
use std::process::ChildStdin;
use std::sync::mpsc;
use std::sync::{Mutex, PoisonError};

/// The writer thread: frames to the process's stdin, in order, until the
/// handle is dropped or the pipe breaks.
pub(super) fn write_frames(stdin: &Mutex<ChildStdin>, frames: mpsc::Receiver<Vec<u8>>) {
    for frame in frames {
        let mut stdin = stdin.lock().unwrap_or_else(PoisonError::into_inner);
        if stdin.write_all(&frame).is_err() {
            break;
        }
    }
}

/// The reader thread: messages from the process's stdout, until it ends;
/// then how it ended.
pub(super) fn read_messages(shared: &Shared, stdout: impl Read) {
    let counted = Counted {
        inner: stdout,
        shared,
    };
    let mut input = BufReader::with_capacity(64 * 1024, counted);
    loop {
        match read_message::<ToConsole>(&mut input) {
            Ok(Some(message)) => {
                if let Err(why) = shared.receive(message) {
                    shared.breach(why);
                    break;
                }
            }
            Ok(None) => break,
            Err(e) => {
                shared.breach(e.to_string());
                break;
            }
        }
    }
    shared.finish();
}

/// The process's stdout, counting what is read of it into
/// [`Shared::bytes_read`].
struct Counted<'a, R> {
    inner: R,
    shared: &'a Shared,
}

impl<R: Read> Read for Counted<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.shared
            .bytes_read
            .fetch_add(n as u64, std::sync::atomic::Ordering::Relaxed);
        Ok(n)
    }
}

/// The output thread: keeps the last [`OUTPUT_TAIL`] bytes of what the
/// process prints (never echoed anywhere).
pub(super) fn keep_output(shared: &Shared, mut stderr: impl Read) {
    let mut buffer = vec![0u8; 16 * 1024];
    loop {
        match stderr.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => {
                let mut output = shared.output.lock().unwrap_or_else(PoisonError::into_inner);
                let chunk = &buffer[n.saturating_sub(OUTPUT_TAIL)..n];
                let excess = (output.len() + chunk.len()).saturating_sub(OUTPUT_TAIL);
                output.drain(..excess);
                output.extend(chunk);
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    shared.inbox().output_closed = true;
    shared.changed.notify_all();
}
