//! A game's data directory against its quota: measured without following
//! links or paths past `PATH_MAX`, told in words, and the file size limit
//! that keeps every file writable until the quota and stops all writes
//! past it.

use super::cpu::family;
use std::path::Path;
use std::time::Duration;

/// The quota of a game's data directory: the window says when the game
/// has written more there (nothing is deleted; the player may stop it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiskLimit {
    /// The most bytes.
    pub bytes: u64,
    /// The most files (and directories).
    pub files: u64,
    /// How often it is measured (a walk of the directory).
    pub every: Duration,
}

impl Default for DiskLimit {
    /// 256 MiB and 10,000 files, measured every 5 s.
    fn default() -> DiskLimit {
        DiskLimit {
            bytes: 256 * 1024 * 1024,
            files: 10_000,
            every: Duration::from_secs(5),
        }
    }
}

/// What a game's data directory holds, as last measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiskUse {
    /// Its files' bytes (at least: the walk stops counting far past the
    /// limit).
    pub bytes: u64,
    /// Its files and directories (at least, likewise).
    pub files: u64,
    /// The length of its longest file: each file is at most as long as
    /// the file size limit the watch sets, which must let the game rewrite
    /// every file it has.
    pub largest: u64,
    /// It has folders nested deeper than [`MAX_DEPTH`], which are not
    /// read: over its quota, as what they hold is unknown.
    pub too_deep: bool,
    /// The quota it was measured against.
    pub limit: DiskLimit,
}

impl DiskUse {
    /// Whether it is over its quota.
    pub fn over_limit(&self) -> bool {
        self.bytes > self.limit.bytes || self.files > self.limit.files || self.too_deep
    }

    /// "3.1 GiB in 200,000 files in its data directory (limit 256 MiB and
    /// 10,000 files)", for the player.
    pub fn describe(&self) -> String {
        let deep = if self.too_deep {
            format!(", and folders nested more than {MAX_DEPTH} deep, which are not measured,")
        } else {
            String::new()
        };
        format!(
            "{} in {} files{deep} in its data directory (limit {} and {} files)",
            size(self.bytes),
            thousands(self.files),
            size(self.limit.bytes),
            thousands(self.limit.files)
        )
    }
}

/// `bytes` in MiB or GiB, one decimal.
fn size(bytes: u64) -> String {
    const MIB: f64 = 1024.0 * 1024.0;
    let mib = bytes as f64 / MIB;
    if mib >= 1024.0 {
        format!("{:.1} GiB", mib / 1024.0)
    } else {
        format!("{mib:.1} MiB")
    }
}

/// `n` with a comma between thousands.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The file size limit after measure `used` (under its quota): its
/// longest file's length plus what is left of the quota, at most
/// `sandbox::MAX_FILE_BYTES`. A write fails ("File too large") at a
/// position past the limit, whether or not the file grows, so a limit of
/// only what is left (issue 41) kept a game from rewriting in place, or
/// adding a byte to, any file longer than that. With this one, every file
/// can be rewritten and grown by what is left; a new file (or a short one)
/// may take the game past its quota by up to its longest file's length
/// until the next measure, which then stops its writes.
pub(super) fn file_limit_for(used: &DiskUse) -> u64 {
    let left = used.limit.bytes.saturating_sub(used.bytes);
    used.largest
        .saturating_add(left)
        .min(crate::sandbox::MAX_FILE_BYTES)
}

/// How deep in folders the quota reads a data directory: deeper folders
/// are not read, and their being there puts the game over its quota.
pub const MAX_DEPTH: usize = 64;

/// What `dir` holds: its files' bytes, each the larger of its length and
/// the blocks it holds on disk (a file given space with `fallocate` and
/// `FALLOC_FL_KEEP_SIZE` has a length of 0), and its entries, never
/// following a link. Each folder is read through its parent's descriptor,
/// so a path longer than `PATH_MAX` is read too, down to [`MAX_DEPTH`]
/// folders; the walk stops at ten times the quota's files (the verdict is
/// known by then, and a directory of millions costs no more).
#[cfg(unix)]
pub(super) fn measure(dir: &Path, limit: DiskLimit) -> DiskUse {
    use rustix::fs::{Mode, OFlags};
    let mut tally = Tally {
        most: limit.files.saturating_mul(10).max(1000),
        ..Tally::default()
    };
    if let Ok(root) = rustix::fs::open(
        dir,
        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC,
        Mode::empty(),
    ) {
        walk(&root, 0, &mut tally);
    }
    DiskUse {
        bytes: tally.bytes,
        files: tally.files,
        largest: tally.largest,
        too_deep: tally.too_deep,
        limit,
    }
}

/// What [`measure`] has counted so far.
#[cfg(unix)]
#[derive(Default)]
struct Tally {
    bytes: u64,
    files: u64,
    largest: u64,
    most: u64,
    too_deep: bool,
}

/// Counts the entries of the open folder `dir`, `depth` folders down, and
/// of the folders in it; `false` once the walk should stop.
#[cfg(unix)]
fn walk(dir: &std::os::fd::OwnedFd, depth: usize, tally: &mut Tally) -> bool {
    use rustix::fs::{AtFlags, FileType, Mode, OFlags};
    let Ok(entries) = rustix::fs::Dir::read_from(dir) else {
        return true;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        if matches!(name.to_bytes(), b"." | b"..") {
            continue;
        }
        tally.files += 1;
        if tally.files >= tally.most {
            return false;
        }
        let Ok(stat) = rustix::fs::statat(dir, name, AtFlags::SYMLINK_NOFOLLOW) else {
            continue;
        };
        if FileType::from_raw_mode(stat.st_mode) == FileType::Directory {
            if depth + 1 >= MAX_DEPTH {
                tally.too_deep = true;
                continue;
            }
            let Ok(sub) = rustix::fs::openat(
                dir,
                name,
                OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC,
                Mode::empty(),
            ) else {
                continue;
            };
            if !walk(&sub, depth + 1, tally) {
                return false;
            }
        } else {
            let on_disk = (stat.st_blocks as u64).saturating_mul(512);
            let counted = on_disk.max(stat.st_size as u64);
            tally.largest = tally.largest.max(stat.st_size as u64);
            tally.bytes = tally.bytes.saturating_add(counted);
        }
    }
    true
}

/// Not measured where there are no descriptors to walk with.
#[cfg(not(unix))]
pub(super) fn measure(_dir: &Path, limit: DiskLimit) -> DiskUse {
    DiskUse {
        bytes: 0,
        files: 0,
        largest: 0,
        too_deep: false,
        limit,
    }
}

/// Stops the writes of the game process `pid` and its descendants past its
/// quota: their file size limit, soft and hard, goes to 0, so no file of
/// theirs grows again (a write that would fails with "File too large",
/// which the game sees) and the game cannot raise it back (issue 41: the
/// quota was only told). For the rest of the process's life: a game that
/// filled its data directory plays on without writing more.
pub(super) fn stop_writes(pid: u32) {
    limit_writes(pid, 0);
}

/// How long until the next measure after `used`: the quota's `every`, or
/// a second once half the quota is used, so a game writing many files
/// near its quota is stopped within about a second of passing it; or,
/// below half, twice `every` once [`UNCHANGED_BEFORE_RESTING`] measures
/// in a row found the directory as the one before (a game at rest: the
/// watch's wakes were most of an idle console's CPU). A single file
/// never outgrows the file size limit meanwhile.
pub(super) fn next_measure(used: &DiskUse, unchanged: u32) -> Duration {
    let near = used.bytes.saturating_mul(2) > used.limit.bytes
        || used.files.saturating_mul(2) > used.limit.files;
    if near {
        used.limit.every.min(NEAR_QUOTA_EVERY)
    } else if unchanged >= UNCHANGED_BEFORE_RESTING {
        used.limit.every * 2
    } else {
        used.limit.every
    }
}

/// How many measures in a row must find a data directory unchanged before
/// it is measured half as often.
pub(super) const UNCHANGED_BEFORE_RESTING: u32 = 2;

/// How often a data directory over half its quota is measured.
pub const NEAR_QUOTA_EVERY: Duration = Duration::from_secs(1);

/// Sets the file size limit (soft and hard) of the game process `pid` and
/// its descendants to `bytes`: a write at a position past it fails with
/// "File too large". Lowering it holds; raising it never does (the kernel
/// asks for CAP_SYS_RESOURCE in the first user namespace, even over a game
/// in a user namespace of the console's), so a game that deletes files
/// gets its room back when it is started again.
pub(super) fn limit_writes(pid: u32, bytes: u64) {
    #[cfg(target_os = "linux")]
    for pid in family(pid) {
        let Some(pid) = i32::try_from(pid)
            .ok()
            .and_then(rustix::process::Pid::from_raw)
        else {
            continue;
        };
        let most = rustix::process::Rlimit {
            current: Some(bytes),
            maximum: Some(bytes),
        };
        // A process that just ended is no matter.
        let _ = rustix::process::prlimit(Some(pid), rustix::process::Resource::Fsize, most);
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (pid, bytes);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A directory left as it was is measured half as often; one that
    /// changes, or is past half its quota, as often as before.
    #[test]
    fn a_directory_at_rest_is_measured_less_often() {
        let limit = DiskLimit::default();
        let used = |bytes: u64| DiskUse {
            bytes,
            files: 3,
            largest: bytes,
            too_deep: false,
            limit,
        };
        assert_eq!(next_measure(&used(1000), 0), limit.every);
        assert_eq!(
            next_measure(&used(1000), UNCHANGED_BEFORE_RESTING - 1),
            limit.every
        );
        assert_eq!(
            next_measure(&used(1000), UNCHANGED_BEFORE_RESTING),
            limit.every * 2
        );
        assert_eq!(
            next_measure(&used(limit.bytes / 2 + 1), UNCHANGED_BEFORE_RESTING),
            NEAR_QUOTA_EVERY
        );
    }

    /// Issue 41, attack 5: space given with `FALLOC_FL_KEEP_SIZE` (length
    /// 0) and folders deeper than `PATH_MAX` are counted; folders deeper
    /// than [`MAX_DEPTH`] put the game over its quota.
    #[cfg(target_os = "linux")]
    #[test]
    fn hidden_space_and_deep_folders_are_counted() {
        use rustix::fs::{Mode, OFlags};
        let dir = tempfile::tempdir().unwrap();
        let given = std::fs::File::create(dir.path().join("given.bin")).unwrap();
        let kept = rustix::fs::fallocate(&given, rustix::fs::FallocateFlags::KEEP_SIZE, 0, 8 << 20);
        let limit = DiskLimit {
            bytes: 1 << 30,
            files: 1000,
            every: Duration::from_secs(1),
        };
        if kept.is_ok() {
            assert_eq!(given.metadata().unwrap().len(), 0);
            assert!(measure(dir.path(), limit).bytes >= 8 << 20);
        }
        // Folders of 200 characters, deeper than PATH_MAX, then past MAX_DEPTH.
        let name = "d".repeat(200);
        let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC;
        let mut at = rustix::fs::open(dir.path(), flags, Mode::empty()).unwrap();
        for depth in 1..=MAX_DEPTH + 2 {
            rustix::fs::mkdirat(&at, name.as_str(), Mode::from_bits_truncate(0o700)).unwrap();
            at = rustix::fs::openat(&at, name.as_str(), flags, Mode::empty()).unwrap();
            if depth == 30 {
                let file = rustix::fs::openat(
                    &at,
                    "deep.bin",
                    OFlags::WRONLY | OFlags::CREATE | OFlags::CLOEXEC,
                    Mode::from_bits_truncate(0o600),
                )
                .unwrap();
                rustix::io::write(&file, &[7u8; 100_000]).unwrap();
            }
        }
        let used = measure(dir.path(), limit);
        assert!(used.bytes >= 100_000, "{}", used.describe());
        assert!(used.too_deep && used.over_limit(), "{}", used.describe());
        assert!(
            used.describe().contains("folders nested more than 64 deep"),
            "{}",
            used.describe()
        );
    }

    #[test]
    fn a_data_directory_is_measured_and_told_in_words() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        for i in 0..5 {
            std::fs::write(dir.path().join("sub").join(i.to_string()), [0u8; 1000]).unwrap();
        }
        let limit = DiskLimit {
            bytes: 4000,
            files: 100,
            every: Duration::from_secs(1),
        };
        let used = measure(dir.path(), limit);
        // Each file's blocks on disk, at least its length.
        assert_eq!(used.files, 6);
        assert!(used.bytes >= 5000, "{}", used.bytes);
        assert!(used.over_limit());
        let big = DiskUse {
            bytes: 3_328_599_654,
            files: 200_000,
            largest: 1 << 20,
            too_deep: false,
            limit: DiskLimit::default(),
        };
        assert_eq!(
            big.describe(),
            "3.1 GiB in 200,000 files in its data directory (limit 256.0 MiB and 10,000 files)"
        );
    }
}
