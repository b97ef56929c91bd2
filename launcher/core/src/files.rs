//! Reading the files a game ships, which are untrusted input.
//!
//! Whatever stands where a game's file is expected may be anything a file
//! system holds: a directory, a named pipe (opening one for reading waits for
//! a writer, forever), a device (`/dev/zero` never ends), a socket, a link
//! that leads nowhere or round in a loop. Every reader in the launcher goes
//! through this module: [`check`] looks without opening, [`open`] opens
//! without blocking and checks the opened file again (the path may have
//! changed in between), and [`read_capped`] and [`read_head`] read at most a
//! cap. So nothing a game ships can block or flood the launcher, and each
//! problem is reported by what it is ("is a named pipe", not "missing").
//!
//! A game's own files (its manifest, icon, help, manual and pictures) are
//! checked with [`check_within`] and read with [`read_capped_within`]: a
//! link may lead elsewhere inside the game's folder, never out of it (a
//! `doc.txt` that links to the player's private key is refused, not shown).

use std::fmt;
use std::fs::{File, Metadata};
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// What stands at a path instead of a readable regular file of sane size.
#[derive(Debug)]
pub enum FileProblem {
    /// Nothing is there.
    Missing,
    /// A symbolic link whose target does not exist.
    DanglingLink {
        /// Where the link points.
        target: PathBuf,
    },
    /// A symbolic link that leads round in a loop (or through too many links).
    LinkLoop,
    /// Something that is not a regular file.
    NotRegular {
        /// What it is instead, with its article: "a directory", "a named pipe (FIFO)".
        kind: &'static str,
    },
    /// It could not be read: permissions, an I/O error.
    Unreadable(io::Error),
    /// A link (or a path through one) that leads out of the folder the
    /// file must stay in.
    LeadsOut {
        /// The folder.
        folder: PathBuf,
    },
    /// Larger than the reader allows.
    TooLarge {
        /// Its size in bytes (at least `max + 1` if it grew while read).
        size: u64,
        /// The most the reader takes.
        max: u64,
    },
}

impl FileProblem {
    /// Whether nothing at all stands at the path (as opposed to something
    /// that is not a readable file).
    pub fn is_missing(&self) -> bool {
        matches!(self, FileProblem::Missing)
    }
}

impl fmt::Display for FileProblem {
    /// A predicate for a sentence whose subject is the file: "doc.txt is a
    /// named pipe (FIFO), not a regular file".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileProblem::Missing => f.write_str("does not exist"),
            FileProblem::DanglingLink { target } => {
                write!(f, "is a link to {}, which does not exist", target.display())
            }
            FileProblem::LinkLoop => f.write_str("is a link that leads round in a loop"),
            FileProblem::NotRegular { kind } => write!(f, "is {kind}, not a regular file"),
            FileProblem::Unreadable(e) => write!(f, "cannot be read ({e})"),
            FileProblem::LeadsOut { folder } => write!(
                f,
                "leads out of {} through a link; only files inside the game's folder are read",
                folder.display()
            ),
            FileProblem::TooLarge { size, max } => {
                write!(f, "is {size} bytes, more than the {max} bytes allowed")
            }
        }
    }
}

impl std::error::Error for FileProblem {}

/// What a file-system entry is, with its article: "a directory", "a named
/// pipe (FIFO)", "a character device", "a regular file".
pub fn kind_of(meta: &Metadata) -> &'static str {
    let file_type = meta.file_type();
    if file_type.is_file() {
        return "a regular file";
    }
    if file_type.is_dir() {
        return "a directory";
    }
    if file_type.is_symlink() {
        return "a symbolic link";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if file_type.is_char_device() {
            return "a character device";
        }
        if file_type.is_block_device() {
            return "a block device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    "a special file"
}

/// Whether an I/O error says a link led round in a loop.
fn is_link_loop(e: &io::Error) -> bool {
    #[cfg(unix)]
    {
        e.raw_os_error() == Some(rustix::io::Errno::LOOP.raw_os_error())
    }
    #[cfg(not(unix))]
    {
        let _ = e;
        false
    }
}

/// Why following `path` failed: missing, a dangling link, a loop, or unreadable.
fn follow_failed(path: &Path, e: io::Error) -> FileProblem {
    if is_link_loop(&e) {
        return FileProblem::LinkLoop;
    }
    if e.kind() == io::ErrorKind::NotFound {
        return match std::fs::symlink_metadata(path) {
            Ok(meta) if meta.file_type().is_symlink() => FileProblem::DanglingLink {
                target: std::fs::read_link(path).unwrap_or_default(),
            },
            _ => FileProblem::Missing,
        };
    }
    FileProblem::Unreadable(e)
}

/// Whether anything at all stands at `path` (a file, a directory, a pipe, a
/// link even if it leads nowhere). Opens nothing.
pub fn entry_exists(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok()
}

/// Checks, without opening it, that `path` (following links) is a regular
/// file, and returns its metadata.
pub fn check(path: &Path) -> Result<Metadata, FileProblem> {
    let meta = std::fs::metadata(path).map_err(|e| follow_failed(path, e))?;
    if meta.is_file() {
        Ok(meta)
    } else {
        Err(FileProblem::NotRegular {
            kind: kind_of(&meta),
        })
    }
}

/// [`check`], and that `path`, links followed, stays inside `folder`
/// (links followed too): the rule for every file of a game, whose folder is
/// `folder`.
pub fn check_within(folder: &Path, path: &Path) -> Result<Metadata, FileProblem> {
    let meta = check(path)?;
    let inside = match (path.canonicalize(), folder.canonicalize()) {
        (Ok(file), Ok(folder)) => file.starts_with(folder),
        (Err(e), _) => return Err(follow_failed(path, e)),
        (_, Err(_)) => false,
    };
    if inside {
        Ok(meta)
    } else {
        Err(FileProblem::LeadsOut {
            folder: folder.to_owned(),
        })
    }
}

/// [`read_capped`] of a file that must stay inside `folder`: opened with
/// [`open_within`], so what is read is the file inside, whatever the path
/// became after it was checked.
pub fn read_capped_within(folder: &Path, path: &Path, max: u64) -> Result<Vec<u8>, FileProblem> {
    let (file, size) = open_within(folder, path)?;
    read_opened(file, size, max)
}

/// [`read_head`] of a file that must stay inside `folder` (see
/// [`open_within`]).
pub fn read_head_within(folder: &Path, path: &Path, n: u64) -> Result<(Vec<u8>, u64), FileProblem> {
    let (file, size) = open_within(folder, path)?;
    head_of(file, size, n)
}

/// [`open`] of a file that must stay inside `folder`, the rule for every
/// file of a game. [`check_within`] first, for the words ("leads out of"),
/// then the open itself refuses to leave `folder`, so a link swapped in
/// after the check is never followed out: on Linux `openat2` with
/// `RESOLVE_BENEATH` from the folder's descriptor; where that refuses an
/// absolute link (which may lead inside) or the kernel has no `openat2`,
/// the file is opened and then where the opened file is (its
/// `/proc/self/fd` link) is checked to be inside the folder.
pub fn open_within(folder: &Path, path: &Path) -> Result<(File, u64), FileProblem> {
    check_within(folder, path)?;
    let file = open_beneath(folder, path)?;
    let meta = file.metadata().map_err(FileProblem::Unreadable)?;
    if !meta.is_file() {
        return Err(FileProblem::NotRegular {
            kind: kind_of(&meta),
        });
    }
    Ok((file, meta.len()))
}

/// The flags every reader opens with: never waiting for a pipe's writer,
/// never taking a terminal.
#[cfg(unix)]
fn reading_flags() -> rustix::fs::OFlags {
    use rustix::fs::OFlags;
    OFlags::RDONLY | OFlags::NONBLOCK | OFlags::NOCTTY | OFlags::CLOEXEC
}

/// Opens `path`, which is `folder` joined with a relative path, so that no
/// link leads the open out of `folder` (see [`open_within`]).
#[cfg(target_os = "linux")]
fn open_beneath(folder: &Path, path: &Path) -> Result<File, FileProblem> {
    use rustix::fs::{Mode, OFlags, ResolveFlags};
    use rustix::io::Errno;
    let leads_out = || FileProblem::LeadsOut {
        folder: folder.to_owned(),
    };
    let relative = path.strip_prefix(folder).map_err(|_| leads_out())?;
    let dir = rustix::fs::open(
        folder,
        OFlags::PATH | OFlags::DIRECTORY | OFlags::CLOEXEC,
        Mode::empty(),
    )
    .map_err(|e| FileProblem::Unreadable(e.into()))?;
    let resolve = ResolveFlags::BENEATH | ResolveFlags::NO_MAGICLINKS;
    match rustix::fs::openat2(&dir, relative, reading_flags(), Mode::empty(), resolve) {
        Ok(fd) => Ok(File::from(fd)),
        // XDEV: a link out, or an absolute one (which may lead inside);
        // NOSYS: a kernel before 5.6 (or a filter that hides openat2).
        Err(Errno::XDEV | Errno::NOSYS) => {
            let fd = rustix::fs::openat(&dir, relative, reading_flags(), Mode::empty())
                .map_err(|e| follow_failed(path, e.into()))?;
            let place = |fd: std::os::fd::BorrowedFd<'_>| {
                use std::os::fd::AsRawFd;
                std::fs::read_link(format!("/proc/self/fd/{}", fd.as_raw_fd()))
            };
            use std::os::fd::AsFd;
            match (place(fd.as_fd()), place(dir.as_fd())) {
                (Ok(file), Ok(dir)) if file.starts_with(&dir) => Ok(File::from(fd)),
                (Ok(_), Ok(_)) => Err(leads_out()),
                (Err(e), _) | (_, Err(e)) => Err(FileProblem::Unreadable(io::Error::new(
                    e.kind(),
                    format!("where its link leads cannot be told without /proc ({e})"),
                ))),
            }
        }
        Err(e) => Err(follow_failed(path, e.into())),
    }
}

/// Elsewhere: the check of [`check_within`], then an open.
#[cfg(not(target_os = "linux"))]
fn open_beneath(_folder: &Path, path: &Path) -> Result<File, FileProblem> {
    open(path).map(|(file, _)| file)
}

/// Opens a regular file for reading without ever blocking: the path is
/// checked first, opened non-blocking (a named pipe swapped in meanwhile does
/// not wait for a writer), and the opened file is checked again. Returns the
/// file and its size.
pub fn open(path: &Path) -> Result<(File, u64), FileProblem> {
    check(path)?;
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(reading_flags().bits() as i32);
    }
    let file = options.open(path).map_err(|e| follow_failed(path, e))?;
    let meta = file.metadata().map_err(FileProblem::Unreadable)?;
    if !meta.is_file() {
        return Err(FileProblem::NotRegular {
            kind: kind_of(&meta),
        });
    }
    Ok((file, meta.len()))
}

/// Reads a whole regular file of at most `max` bytes (see [`open`]). A file
/// that is larger, or grows past `max` while read, is refused.
pub fn read_capped(path: &Path, max: u64) -> Result<Vec<u8>, FileProblem> {
    let (file, size) = open(path)?;
    read_opened(file, size, max)
}

/// Reads the whole of an opened file of `size` bytes, at most `max`.
fn read_opened(file: File, size: u64, max: u64) -> Result<Vec<u8>, FileProblem> {
    if size > max {
        return Err(FileProblem::TooLarge { size, max });
    }
    let mut bytes = Vec::with_capacity(size as usize);
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(FileProblem::Unreadable)?;
    if bytes.len() as u64 > max {
        return Err(FileProblem::TooLarge {
            size: bytes.len() as u64,
            max,
        });
    }
    Ok(bytes)
}

/// Reads the first `n` bytes of a regular file (fewer if it is shorter) and
/// returns them with the file's size (see [`open`]).
pub fn read_head(path: &Path, n: u64) -> Result<(Vec<u8>, u64), FileProblem> {
    let (file, size) = open(path)?;
    head_of(file, size, n)
}

/// The first `n` bytes of an opened file of `size` bytes, and its size.
fn head_of(file: File, size: u64, n: u64) -> Result<(Vec<u8>, u64), FileProblem> {
    let mut head = Vec::with_capacity(n.min(size) as usize);
    file.take(n)
        .read_to_end(&mut head)
        .map_err(FileProblem::Unreadable)?;
    Ok((head, size))
}

/// The kernel's name for a virtual file system that `dir` is on (`proc`,
/// `sysfs`, …), where entries are not files a game ships and some reads
/// never end; `None` for ordinary file systems and on other platforms.
pub fn kernel_file_system(dir: &Path) -> Option<&'static str> {
    #[cfg(target_os = "linux")]
    {
        // Magic numbers from the kernel's include/uapi/linux/magic.h.
        const KNOWN: &[(u64, &str)] = &[
            (0x9fa0, "proc"),
            (0x6265_6572, "sysfs"),
            (0x1cd1, "devpts"),
            (0x2762_0b37, "debugfs"),
            (0x7472_6163, "tracefs"),
            (0x2762_3b37, "cgroup"),
            (0x6367_7270, "cgroup2"),
            (0x7363_6673, "securityfs"),
            (0x6165_676c, "pstorefs"),
            (0xcafe_4a11, "bpf"),
        ];
        let stat = rustix::fs::statfs(dir).ok()?;
        let magic = stat.f_type as u64;
        KNOWN
            .iter()
            .find(|(m, _)| *m == magic)
            .map(|(_, name)| *name)
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = dir;
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_regular_file_is_read_within_its_cap() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("doc.txt");
        std::fs::write(&path, b"hello").unwrap();
        assert_eq!(read_capped(&path, 5).unwrap(), b"hello");
        let error = read_capped(&path, 4).unwrap_err();
        assert_eq!(
            error.to_string(),
            "is 5 bytes, more than the 4 bytes allowed"
        );
        let (head, size) = read_head(&path, 2).unwrap();
        assert_eq!((head.as_slice(), size), (&b"he"[..], 5));
    }

    #[test]
    fn what_is_not_a_regular_file_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("missing");
        assert!(check(&missing).unwrap_err().is_missing());
        assert!(!entry_exists(&missing));
        assert_eq!(
            check(dir.path()).unwrap_err().to_string(),
            "is a directory, not a regular file"
        );
        #[cfg(unix)]
        {
            let dangling = dir.path().join("dangling");
            std::os::unix::fs::symlink(&missing, &dangling).unwrap();
            assert!(entry_exists(&dangling));
            assert_eq!(
                read_capped(&dangling, 10).unwrap_err().to_string(),
                format!("is a link to {}, which does not exist", missing.display())
            );
            let a = dir.path().join("a");
            let b = dir.path().join("b");
            std::os::unix::fs::symlink(&b, &a).unwrap();
            std::os::unix::fs::symlink(&a, &b).unwrap();
            assert_eq!(
                read_capped(&a, 10).unwrap_err().to_string(),
                "is a link that leads round in a loop"
            );
            assert_eq!(
                read_capped(Path::new("/dev/zero"), 10)
                    .unwrap_err()
                    .to_string(),
                "is a character device, not a regular file"
            );
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_named_pipe_is_refused_without_waiting_for_a_writer() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("info.toml");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        // Opening a FIFO for reading the ordinary way would block this test forever.
        assert_eq!(
            read_capped(&fifo, 10).unwrap_err().to_string(),
            "is a named pipe (FIFO), not a regular file"
        );
        assert!(entry_exists(&fifo));
    }

    #[cfg(unix)]
    #[test]
    fn links_inside_the_folder_are_read_and_links_out_are_refused() {
        use std::os::unix::fs::symlink;
        let home = tempfile::tempdir().unwrap();
        std::fs::write(home.path().join("id_rsa"), "KEY").unwrap();
        let folder = home.path().join("games").join("sneaky");
        std::fs::create_dir_all(folder.join("docs")).unwrap();
        std::fs::write(folder.join("docs").join("real.txt"), "inside").unwrap();
        // Relative and absolute links that stay inside are only links.
        symlink("docs/real.txt", folder.join("relative.txt")).unwrap();
        symlink(folder.join("docs/real.txt"), folder.join("absolute.txt")).unwrap();
        for name in ["relative.txt", "absolute.txt", "docs/real.txt"] {
            let bytes = read_capped_within(&folder, &folder.join(name), 100);
            assert_eq!(bytes.unwrap(), b"inside", "{name}");
        }
        // Out, relatively, absolutely, and through a linked directory.
        symlink("../../id_rsa", folder.join("doc.txt")).unwrap();
        symlink(home.path().join("id_rsa"), folder.join("manual.md")).unwrap();
        symlink(home.path(), folder.join("pictures")).unwrap();
        for name in ["doc.txt", "manual.md", "pictures/id_rsa"] {
            let error = read_capped_within(&folder, &folder.join(name), 100).unwrap_err();
            assert!(
                matches!(error, FileProblem::LeadsOut { .. }),
                "{name}: {error}"
            );
            let error = read_head_within(&folder, &folder.join(name), 2).unwrap_err();
            assert!(
                error.to_string().contains("leads out of"),
                "{name}: {error}"
            );
        }
    }

    /// Issue 41's race: the file is checked while it is the game's own and
    /// swapped for a link to the player's key before it is opened. The
    /// swapping thread renames a link and a regular file over `doc.txt` in
    /// turn, as fast as it can, while the reader reads; the reader must
    /// see the game's text or a refusal, never the key. Before the open
    /// itself refused to leave the folder, the key was read within a few
    /// thousand reads.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_link_swapped_in_after_the_check_is_never_followed_out() {
        use std::sync::atomic::{AtomicBool, Ordering};
        let home = tempfile::tempdir().unwrap();
        std::fs::write(home.path().join("id_rsa"), "KEY").unwrap();
        let folder = home.path().join("sneaky");
        std::fs::create_dir(&folder).unwrap();
        let doc = folder.join("doc.txt");
        std::fs::write(&doc, "inside").unwrap();
        let stop = std::sync::Arc::new(AtomicBool::new(false));
        let swapper = {
            let (stop, folder, doc) = (stop.clone(), folder.clone(), doc.clone());
            std::thread::spawn(move || {
                let (link, file) = (folder.join(".link"), folder.join(".file"));
                while !stop.load(Ordering::Relaxed) {
                    std::os::unix::fs::symlink("../id_rsa", &link).unwrap();
                    std::fs::rename(&link, &doc).unwrap();
                    std::fs::write(&file, "inside").unwrap();
                    std::fs::rename(&file, &doc).unwrap();
                }
            })
        };
        let (mut read, mut refused) = (0, 0);
        let started = std::time::Instant::now();
        // Enough reads of each outcome that the race was run many times.
        while (read < 2000 || refused < 2000) && started.elapsed().as_secs() < 20 {
            match read_capped_within(&folder, &doc, 100) {
                Ok(bytes) => {
                    assert_eq!(bytes, b"inside", "read #{read} showed the player's key");
                    read += 1;
                }
                Err(_) => refused += 1,
            }
        }
        stop.store(true, Ordering::Relaxed);
        swapper.join().unwrap();
        assert!(read > 0 && refused > 0, "{read} read, {refused} refused");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn the_proc_file_system_is_recognised() {
        assert_eq!(kernel_file_system(Path::new("/proc")), Some("proc"));
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(kernel_file_system(dir.path()), None);
    }
}
