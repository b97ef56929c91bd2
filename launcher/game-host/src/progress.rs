//! Which call of a message a game process is running, shared with the
//! console through one page of memory.
//!
//! The console must be able to say what a game was doing when it stopped
//! answering or ended ("it crashed while drawing"), even in the middle of a
//! message of many calls (a move and the eleven reads after it). A message
//! per call said so before, at the cost of a pipe write and a wake-up of the
//! console's reader thread for every call: a third of a pointer move's time.
//! Now the game process stores the message and call it is at in this page
//! before each call (one atomic store), and the console reads it only when
//! it needs to know.
//!
//! The page is an anonymous memory file (`memfd`) the console creates and
//! hands to the game process as an inherited descriptor; where it cannot be
//! made, the game process says its progress in messages as before
//! ([`crate::protocol::ToConsole::Progress`]). A game may write anything
//! into the page: the console only believes a value naming a call in flight;
//! it cannot resize it (the file is sealed at one page).

use std::fs::File;
use std::io;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU64, Ordering};

/// Bits of the stored value that hold the call's index within its message.
const INDEX_BITS: u32 = 20;

/// One shared word: the message's sequence number and the call's index.
pub struct ProgressPage {
    word: NonNull<AtomicU64>,
    /// Keeps the memory file open as long as the mapping.
    _file: File,
}

// SAFETY: the page is only ever read and written through the atomic word,
// and the mapping lives as long as the value (it is unmapped in `drop`).
unsafe impl Send for ProgressPage {}
// SAFETY: as above; `&ProgressPage` gives access to atomics only.
unsafe impl Sync for ProgressPage {}

/// The size mapped: one page.
const PAGE: usize = 4096;

impl ProgressPage {
    /// A new page, zeroed (no call yet), in a memory file whose descriptor
    /// is closed on `exec`: [`ProgressPage::inheritable_fd`] says which
    /// descriptor a child must keep.
    #[cfg(target_os = "linux")]
    pub fn create() -> io::Result<ProgressPage> {
        use rustix::fs::{MemfdFlags, SealFlags, fcntl_add_seals, ftruncate, memfd_create};
        let fd = memfd_create(
            "game progress",
            MemfdFlags::CLOEXEC | MemfdFlags::ALLOW_SEALING,
        )?;
        ftruncate(&fd, PAGE as u64)?;
        // Sealed at one page: a game that shrank the file would make the
        // console's next read of the mapping a SIGBUS.
        fcntl_add_seals(&fd, SealFlags::SHRINK | SealFlags::GROW | SealFlags::SEAL)?;
        ProgressPage::map(File::from(fd))
    }

    /// No shared memory here: the game process says its progress in
    /// messages.
    #[cfg(not(target_os = "linux"))]
    pub fn create() -> io::Result<ProgressPage> {
        Err(io::Error::new(
            io::ErrorKind::Unsupported,
            "no shared progress page on this system",
        ))
    }

    /// The page the console handed over as descriptor `fd`, opened again
    /// through `/proc` (so no descriptor is taken on trust) before the
    /// sandbox closes `/proc`.
    #[cfg(target_os = "linux")]
    pub fn open(fd: i32) -> io::Result<ProgressPage> {
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(format!("/proc/self/fd/{fd}"))?;
        if file.metadata()?.len() < PAGE as u64 {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                "the progress page is too small",
            ));
        }
        ProgressPage::map(file)
    }

    /// See the Linux version.
    #[cfg(not(target_os = "linux"))]
    pub fn open(_fd: i32) -> io::Result<ProgressPage> {
        ProgressPage::create()
    }

    #[cfg(target_os = "linux")]
    fn map(file: File) -> io::Result<ProgressPage> {
        use rustix::mm::{MapFlags, ProtFlags, mmap};
        // SAFETY: a fresh shared mapping of a file we hold open, at an
        // address the kernel chooses, so it aliases no Rust memory; it is
        // only accessed as one `AtomicU64` (page-aligned, so aligned), and
        // unmapped once, in `drop`.
        let address = unsafe {
            mmap(
                std::ptr::null_mut(),
                PAGE,
                ProtFlags::READ | ProtFlags::WRITE,
                MapFlags::SHARED,
                &file,
                0,
            )?
        };
        let word = NonNull::new(address.cast::<AtomicU64>())
            .ok_or_else(|| io::Error::other("the progress page mapped at address 0"))?;
        Ok(ProgressPage { word, _file: file })
    }

    #[cfg(not(target_os = "linux"))]
    fn map(_file: File) -> io::Result<ProgressPage> {
        ProgressPage::create()
    }

    /// The descriptor a child process must inherit to [`ProgressPage::open`]
    /// the page.
    #[cfg(unix)]
    pub fn fd(&self) -> i32 {
        use std::os::fd::AsRawFd;
        self._file.as_raw_fd()
    }

    fn word(&self) -> &AtomicU64 {
        // SAFETY: `word` points into the mapping this value owns (see `map`).
        unsafe { self.word.as_ref() }
    }

    /// The game process: it is now running call `index` of message `seq`.
    pub fn store(&self, seq: u64, index: usize) {
        let index = (index as u64).min((1 << INDEX_BITS) - 1);
        self.word()
            .store((seq << INDEX_BITS) | index, Ordering::Release);
    }

    /// The console: the message and call last stored, if any.
    pub fn load(&self) -> Option<(u64, usize)> {
        let value = self.word().load(Ordering::Acquire);
        (value != 0).then_some((
            value >> INDEX_BITS,
            (value & ((1 << INDEX_BITS) - 1)) as usize,
        ))
    }
}

impl Drop for ProgressPage {
    fn drop(&mut self) {
        #[cfg(target_os = "linux")]
        // SAFETY: the mapping made in `map`, unmapped once; no reference to
        // it outlives `self`.
        unsafe {
            let _ = rustix::mm::munmap(self.word.as_ptr().cast(), PAGE);
        }
    }
}

impl std::fmt::Debug for ProgressPage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProgressPage")
            .field("at", &self.load())
            .finish()
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[test]
    fn a_call_stored_by_one_side_is_read_by_the_other() {
        let console = ProgressPage::create().unwrap();
        assert_eq!(console.load(), None);
        // The game process's side, opened from the descriptor as a child
        // opens its inherited one.
        let game = ProgressPage::open(console.fd()).unwrap();
        game.store(7, 3);
        assert_eq!(console.load(), Some((7, 3)));
        game.store(8, 0);
        assert_eq!(console.load(), Some((8, 0)));
    }

    /// The game process may write anything into the page, but it cannot
    /// shrink it under the console (whose next read would be a SIGBUS).
    #[test]
    fn the_game_process_cannot_shrink_or_grow_the_page() {
        let console = ProgressPage::create().unwrap();
        let game = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(format!("/proc/self/fd/{}", console.fd()))
            .unwrap();
        assert!(game.set_len(0).is_err(), "shrinking is sealed");
        assert!(game.set_len(2 * PAGE as u64).is_err(), "growing is sealed");
        assert_eq!(console.load(), None, "the console reads on");
    }

    #[test]
    fn an_index_past_its_bits_is_clamped_not_mixed_into_the_message() {
        let page = ProgressPage::create().unwrap();
        page.store(5, usize::MAX);
        assert_eq!(page.load(), Some((5, (1 << INDEX_BITS) - 1)));
    }
}
