//! The game's own root (Linux): a mount namespace whose `/` holds only
//! what a game needs, so that it learns nothing about any other file.
//!
//! Landlock governs reading, writing and listing, not a file's metadata:
//! `stat`, `access`, `readlink` and `statx` of a path a game names would
//! still say whether `~/.ssh/id_rsa` exists, its size and its times (issue
//! 41, attack 2). So the game's stand-in init ([`crate::init`]), which
//! still holds the capabilities of the game's user namespace, enters a
//! mount namespace of its own and makes a new root of what Landlock lets
//! the game read, each at its usual path: the system's libraries and their
//! cache, fonts, time zones and locales ([`crate::sandbox::SYSTEM_READ`],
//! each read-only, a link kept as a link), `/dev/null`, `/dev/zero`,
//! `/dev/urandom` and `/dev/random`, the game's own directory (its library's
//! private copy) and the launcher's executable, read-only; its data
//! directory, read-write; a `/proc` of its own PID namespace; and a private,
//! small `/tmp`. Then `pivot_root` into it, before any game code is loaded.
//! Every other path is simply not there: `stat ~/.ssh/id_rsa` fails with
//! "No such file or directory", as for a file that does not exist.
//!
//! A step the kernel refuses leaves the game in the system's root (undone
//! as far as needed), said as a missing layer; Landlock and the
//! system-call filter still hold.

use std::ffi::CString;
use std::fs::File;
use std::os::fd::AsRawFd;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

/// What a game's root holds, gathered before the init forks (it allocates).
#[derive(Clone, Debug)]
pub struct Root {
    entries: Vec<Entry>,
}

/// One path of the new root.
#[derive(Clone, Debug)]
struct Entry {
    path: PathBuf,
    writable: bool,
    /// A link at this path is followed (the game's own directories, known
    /// by the path the console gave) rather than kept as a link (the
    /// system's, like `/lib` → `usr/lib`).
    follow: bool,
}

/// Where the new root is assembled before `pivot_root` (the sources are
/// held open first, so what this mount hides does not matter).
const STAGE: &str = "/tmp";

/// The size of the game's private `/tmp` (Landlock lets it write nothing
/// there; without Landlock this bounds what it can keep in memory there).
const TMP_OPTIONS: &str = "mode=1777,size=16m";

impl Root {
    /// The root of a game whose library is in `game_dir`, with its data
    /// directory `data_dir`. Paths must be absolute (others are left out).
    pub fn new(game_dir: &Path, data_dir: Option<&Path>) -> Root {
        let mut entries: Vec<Entry> = crate::sandbox::SYSTEM_READ
            .iter()
            .map(|path| Entry {
                path: PathBuf::from(path),
                writable: false,
                follow: false,
            })
            .collect();
        let own = |path: &Path, writable| Entry {
            path: path.to_owned(),
            writable,
            follow: true,
        };
        entries.push(own(game_dir, false));
        // Backtraces read the executable.
        if let Ok(executable) = std::env::current_exe() {
            entries.push(own(&executable, false));
        }
        entries.extend(data_dir.map(|dir| own(dir, true)));
        entries.retain(|e| e.path.is_absolute());
        Root { entries }
    }
}

/// A source held open before the stage hides anything.
enum Source {
    /// A directory or file, bound at the path.
    Bind {
        file: File,
        dir: bool,
        writable: bool,
    },
    /// A link, made again with the same target.
    Link(PathBuf),
    /// The private `/tmp`.
    Tmp,
}

/// Enters a mount namespace of this process's own and makes `root` its
/// root ([module docs](self)). Must run in the game's init, which holds
/// the capabilities of the game's user namespace and is pid 1 of its PID
/// namespace (the `/proc` mounted is that namespace's). On an error the
/// process is left in the system's root (in a mount namespace of its own)
/// and the error says which step the kernel refused.
pub fn enter(root: &Root) -> Result<(), String> {
    // SAFETY: unshare takes flags only.
    if unsafe { libc::unshare(libc::CLONE_NEWNS) } != 0 {
        return Err(format!(
            "the kernel refused a mount namespace ({})",
            std::io::Error::last_os_error()
        ));
    }
    // Nothing mounted from here on reaches the system's namespace.
    mount(None, "/", None, libc::MS_REC | libc::MS_PRIVATE, None)
        .map_err(|e| format!("cannot make the game's mounts private ({e})"))?;
    let mut sources: Vec<(PathBuf, Source)> = vec![(PathBuf::from("/tmp"), Source::Tmp)];
    for entry in &root.entries {
        if entry.writable {
            // The sandbox's rule for it needs it to exist; so does its bind.
            std::fs::create_dir_all(&entry.path).map_err(|e| {
                format!(
                    "cannot create the game's data directory {}: {e}",
                    entry.path.display()
                )
            })?;
        }
        if !entry.follow
            && let Ok(meta) = std::fs::symlink_metadata(&entry.path)
            && meta.file_type().is_symlink()
        {
            if let Ok(target) = std::fs::read_link(&entry.path) {
                sources.push((entry.path.clone(), Source::Link(target)));
            }
            continue;
        }
        // Missing paths (a system without /lib32) are left out.
        let Ok(file) = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_PATH)
            .open(&entry.path)
        else {
            continue;
        };
        let Ok(meta) = file.metadata() else { continue };
        sources.push((
            entry.path.clone(),
            Source::Bind {
                file,
                dir: meta.is_dir(),
                writable: entry.writable,
            },
        ));
    }
    // Outer paths first, so an inner one is bound on top of its parent.
    sources.sort_by_key(|(path, _)| path.components().count());
    mount(
        Some("tmpfs"),
        STAGE,
        Some("tmpfs"),
        libc::MS_NOSUID | libc::MS_NODEV,
        Some("mode=0755,size=1m"),
    )
    .map_err(|e| format!("cannot make the game's root ({e})"))?;
    let built = build(&sources).and_then(|()| pivot());
    if built.is_err() {
        // SAFETY: a valid path; detaches the stage and all mounted on it,
        // leaving the system's root as it was.
        let stage = CString::new(STAGE).unwrap_or_default();
        unsafe { libc::umount2(stage.as_ptr(), libc::MNT_DETACH) };
    }
    built
}

/// Mounts every source under [`STAGE`], and a `/proc`.
fn build(sources: &[(PathBuf, Source)]) -> Result<(), String> {
    let links: Vec<&Path> = sources
        .iter()
        .filter(|(_, s)| matches!(s, Source::Link(_)))
        .map(|(p, _)| p.as_path())
        .collect();
    for (path, source) in sources {
        // Never make anything through a link made here: it may lead out of
        // the stage (what it leads to is bound anyway, or not the game's).
        if links
            .iter()
            .any(|link| path != link && path.starts_with(link))
        {
            continue;
        }
        let at = staged(path);
        let parent = at.parent().unwrap_or(Path::new(STAGE));
        let cannot = |e: &dyn std::fmt::Display| {
            format!("cannot put {} in the game's root ({e})", path.display())
        };
        std::fs::create_dir_all(parent).map_err(|e| cannot(&e))?;
        match source {
            Source::Link(target) => {
                if std::fs::symlink_metadata(&at).is_err() {
                    std::os::unix::fs::symlink(target, &at).map_err(|e| cannot(&e))?;
                }
            }
            Source::Tmp => {
                std::fs::create_dir_all(&at).map_err(|e| cannot(&e))?;
                mount(
                    Some("tmpfs"),
                    &at,
                    Some("tmpfs"),
                    libc::MS_NOSUID | libc::MS_NODEV,
                    Some(TMP_OPTIONS),
                )
                .map_err(|e| cannot(&e))?;
            }
            Source::Bind {
                file,
                dir,
                writable,
            } => {
                if *dir {
                    std::fs::create_dir_all(&at).map_err(|e| cannot(&e))?;
                } else if std::fs::symlink_metadata(&at).is_err() {
                    File::create(&at).map_err(|e| cannot(&e))?;
                }
                let from = format!("/proc/self/fd/{}", file.as_raw_fd());
                mount(Some(&from), &at, None, libc::MS_BIND | libc::MS_REC, None)
                    .map_err(|e| cannot(&e))?;
                if !writable {
                    // A remount must keep the flags the source's mount has
                    // locked (nosuid, nodev, noexec, its atime rule).
                    let flags = locked_flags(file);
                    mount(
                        None,
                        &at,
                        None,
                        libc::MS_REMOUNT | libc::MS_BIND | libc::MS_RDONLY | flags,
                        None,
                    )
                    .map_err(|e| cannot(&e))?;
                }
            }
        }
    }
    // The game's own PID namespace's processes (its own, so nothing of
    // anyone else's); where the kernel refuses, the game has no /proc
    // (Landlock keeps it closed to the game anyway).
    let proc = staged(Path::new("/proc"));
    if std::fs::create_dir_all(&proc).is_ok() {
        let _ = mount(
            Some("proc"),
            &proc,
            Some("proc"),
            libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
            None,
        );
    }
    Ok(())
}

/// `path` in the stage.
fn staged(path: &Path) -> PathBuf {
    Path::new(STAGE).join(path.strip_prefix("/").unwrap_or(path))
}

/// Makes the stage this process's root, the system's root unmounted from
/// its view, and the root itself read-only.
fn pivot() -> Result<(), String> {
    let before = std::env::current_dir().ok();
    let refused = |what: &str| {
        format!(
            "cannot make the game's root ({what}: {})",
            std::io::Error::last_os_error()
        )
    };
    std::env::set_current_dir(STAGE).map_err(|e| format!("cannot make the game's root ({e})"))?;
    // SAFETY: two valid C strings; pivot_root(".", ".") stacks the old
    // root on the new one, and the unmount below takes it away.
    if unsafe { libc::syscall(libc::SYS_pivot_root, c".".as_ptr(), c".".as_ptr()) } != 0 {
        let error = refused("pivot_root");
        if let Some(before) = before {
            let _ = std::env::set_current_dir(before);
        }
        return Err(error);
    }
    // SAFETY: a valid C string.
    if unsafe { libc::umount2(c".".as_ptr(), libc::MNT_DETACH) } != 0 {
        return Err(refused("unmount the system's root"));
    }
    std::env::set_current_dir("/").map_err(|e| format!("cannot make the game's root ({e})"))?;
    // Nothing new can be made in the root itself.
    let _ = mount(
        None,
        "/",
        None,
        libc::MS_REMOUNT | libc::MS_BIND | libc::MS_RDONLY | libc::MS_NOSUID | libc::MS_NODEV,
        None,
    );
    Ok(())
}

/// The mount flags of `file`'s mount that a remount in a user namespace
/// must keep.
fn locked_flags(file: &File) -> libc::c_ulong {
    // SAFETY: an all-zero statvfs is valid, and fstatvfs fills it.
    let mut stat: libc::statvfs = unsafe { std::mem::zeroed() };
    // SAFETY: an open descriptor and a valid statvfs.
    if unsafe { libc::fstatvfs(file.as_raw_fd(), &mut stat) } != 0 {
        return 0;
    }
    let mut flags = 0;
    for (st, ms) in [
        (libc::ST_NOSUID, libc::MS_NOSUID),
        (libc::ST_NODEV, libc::MS_NODEV),
        (libc::ST_NOEXEC, libc::MS_NOEXEC),
        (libc::ST_NOATIME, libc::MS_NOATIME),
        (libc::ST_NODIRATIME, libc::MS_NODIRATIME),
        (libc::ST_RELATIME, libc::MS_RELATIME),
    ] {
        if stat.f_flag & st != 0 {
            flags |= ms;
        }
    }
    flags
}

/// `mount(2)` with Rust strings.
fn mount(
    source: Option<&str>,
    target: impl AsRef<Path>,
    kind: Option<&str>,
    flags: libc::c_ulong,
    data: Option<&str>,
) -> std::io::Result<()> {
    use std::os::unix::ffi::OsStrExt;
    let c = |s: &str| CString::new(s).map_err(std::io::Error::other);
    let source = source.map(c).transpose()?;
    let target =
        CString::new(target.as_ref().as_os_str().as_bytes()).map_err(std::io::Error::other)?;
    let kind = kind.map(c).transpose()?;
    let data = data.map(c).transpose()?;
    let ptr = |s: &Option<CString>| s.as_ref().map_or(std::ptr::null(), |s| s.as_ptr());
    // SAFETY: valid C strings or null, as mount(2) takes them.
    let done = unsafe {
        libc::mount(
            ptr(&source),
            target.as_ptr(),
            ptr(&kind),
            flags,
            ptr(&data).cast(),
        )
    };
    if done == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}
