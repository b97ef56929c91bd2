//! How much of the machine a game process uses, watched from a thread of
//! the console (never from a frame): its CPU, a few times a second, and
//! its data directory's size and file count, every few seconds
//! ([`DiskLimit`]: the window says when the game has written more than
//! its quota there, and from then on no file of the game grows; before,
//! no file grows past its largest file's length and what is left of the
//! quota, so every file it has can still be rewritten and grown by what
//! is left).
//!
//! A game that keeps a core busy while it still answers (a thread spinning
//! at 100 %) is never "not responding", yet it slows the whole machine. The
//! watch reads what the process's threads asked of the CPU and tells the
//! window when, over the last [`CpuLimit::window`], they asked for at least
//! [`CpuLimit::share`] of a core; the window then says the game "is using a
//! lot of CPU", with Stop, as it says a game is not responding.
//!
//! What is counted is the time the threads of the process and of its
//! descendants (with a PID namespace, the game is the grandchild of the
//! process the console started, [`crate::init`]) ran *or waited to
//! run* (Linux's `/proc/<pid>/task/<tid>/schedstat`: time on a CPU plus
//! time on a run queue): a thread that spins wants a core all the time,
//! however busy the machine is, so the verdict does not change on a loaded
//! machine. A game that animates at 60 frames a second asks for a few
//! milliseconds a frame and waits on its pipe the rest. A thread that
//! lowered its own priority (a `nice` above 0: background work that yields
//! to everything else, such as Chat Noir's solver thinking while the player
//! does) is not counted. Where `schedstat`
//! is missing, the process's CPU time (`/proc/<pid>/stat`, user and
//! system) is read instead. Where `/proc` is missing (not Linux), nothing
//! is watched.
//!
//! A measure costs the same whatever the game's thread count (issue 41: a
//! game of 30,000 threads cost the watch 4.2 s of CPU in 12 s): a process
//! of at most [`MAX_THREADS`] threads is read thread by thread, one with
//! more (its count is in its `stat`) by its CPU time, one file; and a
//! game process has at most `sandbox::MAX_TASKS` tasks.

use crate::Waker;
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// When a game process is said to use a lot of CPU.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CpuLimit {
    /// How long it must have asked for that much CPU.
    pub window: Duration,
    /// How often it is measured (a few times a second at most: each
    /// measure reads a small file per thread of the game).
    pub every: Duration,
    /// The share of one core (1.0: a whole core) at or above which it is
    /// told.
    pub share: f64,
}

impl Default for CpuLimit {
    /// 90 % of a core over the last 10 s, measured twice a second.
    fn default() -> CpuLimit {
        CpuLimit {
            window: Duration::from_secs(10),
            every: Duration::from_millis(500),
            share: 0.9,
        }
    }
}

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

/// What a game process asked of the CPU over the last window.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CpuUse {
    /// The share of one core it ran or waited to run (1.0: a whole core;
    /// more with several busy threads).
    pub share: f64,
    /// Over how long (at least the limit's window).
    pub over: Duration,
    /// Whether that is at or over the limit.
    pub over_limit: bool,
}

impl CpuUse {
    /// "about 100 % of a core for the last 10 s", for the player.
    pub fn describe(&self) -> String {
        format!(
            "about {:.0} % of a core for the last {} s",
            self.share * 100.0,
            self.over.as_secs_f64().round().max(1.0)
        )
    }
}

/// The most threads of a process read one by one at each measure: a
/// process with more is measured by its CPU time (one file), so a measure
/// never reads more than about `3 × MAX_THREADS` files a process.
pub const MAX_THREADS: usize = 64;

/// A thread of the console watching one game process; it ends when
/// dropped, or when the process is gone.
pub struct UsageWatch {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

#[derive(Default)]
struct Shared {
    state: Mutex<State>,
    wake: Condvar,
}

#[derive(Default)]
struct State {
    /// Dropped: the thread ends.
    stop: bool,
    /// The last measure over a whole window.
    cpu: Option<CpuUse>,
    /// The data directory's last measure.
    disk: Option<DiskUse>,
}

impl UsageWatch {
    /// Starts watching process `pid` as `limit` says; `waker` is called
    /// each time the verdict (over the limit or not) changes. Returns
    /// `None` where the process cannot be read (no `/proc`, or it has
    /// already ended).
    /// With `disk`, its data directory is measured against its quota
    /// too.
    pub fn start(
        pid: u32,
        limit: CpuLimit,
        disk: Option<(PathBuf, DiskLimit)>,
        waker: Option<Waker>,
    ) -> Option<UsageWatch> {
        let started = start_time(pid)?;
        let shared = Arc::new(Shared::default());
        let thread = {
            let shared = shared.clone();
            std::thread::Builder::new()
                .name(format!("usage-{pid}"))
                .spawn(move || watch(pid, started, limit, disk, waker, &shared))
                .ok()?
        };
        Some(UsageWatch {
            shared,
            thread: Some(thread),
        })
    }

    /// The last measure over a whole window (`None` until a window has
    /// passed).
    pub fn cpu(&self) -> Option<CpuUse> {
        self.shared.state.lock().map(|s| s.cpu).unwrap_or(None)
    }

    /// The last measure, if it is over the limit.
    pub fn busy(&self) -> Option<CpuUse> {
        self.cpu().filter(|c| c.over_limit)
    }

    /// The data directory's last measure (`None` until measured, or
    /// without one).
    pub fn disk(&self) -> Option<DiskUse> {
        self.shared.state.lock().map(|s| s.disk).unwrap_or(None)
    }
}

impl Drop for UsageWatch {
    fn drop(&mut self) {
        if let Ok(mut state) = self.shared.state.lock() {
            state.stop = true;
        }
        self.shared.wake.notify_all();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The watching thread: a measure every `limit.every`, until stopped or
/// the process is gone.
fn watch(
    pid: u32,
    started: u64,
    limit: CpuLimit,
    disk: Option<(PathBuf, DiskLimit)>,
    waker: Option<Waker>,
    shared: &Shared,
) {
    let mut samples: VecDeque<(Instant, Duration)> = VecDeque::new();
    let mut next_disk = Instant::now();
    let mut writes_stopped = false;
    let mut file_limit = None;
    loop {
        let disk_use = match &disk {
            Some((dir, quota)) if Instant::now() >= next_disk => {
                let used = measure(dir, *quota);
                next_disk = Instant::now() + next_measure(&used);
                Some(used)
            }
            _ => None,
        };
        // The same process still (a pid is reused once its process is
        // gone), and what it has asked for so far.
        if start_time(pid) != Some(started) {
            return;
        }
        let Some(demand) = demand(pid) else {
            return;
        };
        let now = Instant::now();
        samples.push_back((now, demand));
        // Keep the newest sample at least a window old, and those after.
        while samples
            .get(1)
            .is_some_and(|(at, _)| now.duration_since(*at) >= limit.window)
        {
            samples.pop_front();
        }
        let cpu = samples.front().and_then(|(at, before)| {
            let over = now.duration_since(*at);
            (over >= limit.window && !over.is_zero()).then(|| {
                let share = demand.saturating_sub(*before).as_secs_f64() / over.as_secs_f64();
                CpuUse {
                    share,
                    over,
                    over_limit: share >= limit.share,
                }
            })
        });
        let Ok(mut state) = shared.state.lock() else {
            return;
        };
        let mut changed = state.cpu.map(|c| c.over_limit) != cpu.map(|c| c.over_limit);
        state.cpu = cpu;
        if let Some(disk) = disk_use {
            changed |= state.disk.map(|d| d.over_limit()) != Some(disk.over_limit());
            if disk.over_limit() && !writes_stopped {
                stop_writes(pid);
                writes_stopped = true;
            } else if !writes_stopped {
                let most = file_limit_for(&disk);
                // Only ever lowered: the console cannot raise a hard limit
                // (the kernel asks for CAP_SYS_RESOURCE in the first user
                // namespace), and the game could raise a soft one.
                if file_limit.is_none_or(|set| most < set) {
                    limit_writes(pid, most);
                    file_limit = Some(most);
                }
            }
            state.disk = Some(disk);
        }
        if changed && let Some(waker) = &waker {
            waker();
        }
        let wait = disk.as_ref().map_or(limit.every, |_| {
            limit
                .every
                .min(next_disk.saturating_duration_since(Instant::now()))
        });
        let (state, _) = shared
            .wake
            .wait_timeout_while(state, wait, |s| !s.stop)
            .unwrap_or_else(|e| e.into_inner());
        if state.stop {
            return;
        }
    }
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
fn file_limit_for(used: &DiskUse) -> u64 {
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
fn measure(dir: &Path, limit: DiskLimit) -> DiskUse {
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
fn measure(_dir: &Path, limit: DiskLimit) -> DiskUse {
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
fn stop_writes(pid: u32) {
    limit_writes(pid, 0);
}

/// How long until the next measure after `used`: the quota's `every`, or
/// a second once half the quota is used, so a game writing many files
/// near its quota is stopped within about a second of passing it.
fn next_measure(used: &DiskUse) -> Duration {
    let near = used.bytes.saturating_mul(2) > used.limit.bytes
        || used.files.saturating_mul(2) > used.limit.files;
    if near {
        used.limit.every.min(NEAR_QUOTA_EVERY)
    } else {
        used.limit.every
    }
}

/// How often a data directory over half its quota is measured.
pub const NEAR_QUOTA_EVERY: Duration = Duration::from_secs(1);

/// Sets the file size limit (soft and hard) of the game process `pid` and
/// its descendants to `bytes`: a write at a position past it fails with
/// "File too large". Lowering it holds; raising it never does (the kernel
/// asks for CAP_SYS_RESOURCE in the first user namespace, even over a game
/// in a user namespace of the console's), so a game that deletes files
/// gets its room back when it is started again.
fn limit_writes(pid: u32, bytes: u64) {
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

/// When process `pid` started (field 22 of `/proc/<pid>/stat`, in clock
/// ticks since boot): what tells it from a later process given its pid.
fn start_time(pid: u32) -> Option<u64> {
    stat_fields(&format!("/proc/{pid}/stat"))?
        .get(19)?
        .parse()
        .ok()
}

/// The fields of a `stat` file after the command's name (which may hold
/// spaces and parentheses): the state is the first (field 3).
fn stat_fields(path: &str) -> Option<Vec<String>> {
    let text = read_proc(path)?;
    let (_, rest) = text.rsplit_once(')')?;
    Some(rest.split_whitespace().map(str::to_owned).collect())
}

/// The time the threads of process `pid` and of its descendants have run
/// or waited to run so far, or (without `schedstat`) their CPU time. The
/// descendants count: with a PID namespace the game runs as the
/// grandchild of the process the console started ([`crate::init`]).
fn demand(pid: u32) -> Option<Duration> {
    let mut total = Duration::ZERO;
    let mut read = 0;
    let family = family(pid);
    for &pid in &family {
        // Too many threads to read one by one: its CPU time, at once.
        if thread_count(pid).is_some_and(|n| n > MAX_THREADS) {
            if let Some(time) = cpu_time(pid) {
                total += time;
                read += 1;
            }
            continue;
        }
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
            continue;
        };
        for task in tasks.flatten().take(MAX_THREADS) {
            if low_priority(&task.path()) {
                continue;
            }
            let Some(text) = read_proc(&task.path().join("schedstat").to_string_lossy()) else {
                // A thread that just ended; or no schedstat at all.
                continue;
            };
            let mut fields = text.split_whitespace().map(|f| f.parse::<u64>().ok());
            if let (Some(Some(ran)), Some(Some(waited))) = (fields.next(), fields.next()) {
                total += Duration::from_nanos(ran.saturating_add(waited));
                read += 1;
            }
        }
    }
    if read > 0 {
        return Some(total);
    }
    let mut total = cpu_time(pid)?;
    for &pid in &family[1..] {
        total += cpu_time(pid).unwrap_or_default();
    }
    Some(total)
}

/// The most processes of a game read at each measure (itself and its
/// descendants).
const MAX_PROCESSES: usize = 64;

/// Process `pid` and its descendants (from each thread's `children` in
/// `/proc/<pid>/task/<tid>/`), `pid` first; at most [`MAX_PROCESSES`].
fn family(pid: u32) -> Vec<u32> {
    let mut family = vec![pid];
    let mut next = 0;
    while next < family.len() && family.len() < MAX_PROCESSES {
        let parent = family[next];
        next += 1;
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{parent}/task")) else {
            continue;
        };
        for task in tasks.flatten().take(MAX_THREADS) {
            let Some(children) = read_proc(&task.path().join("children").to_string_lossy()) else {
                continue;
            };
            family.extend(
                children
                    .split_whitespace()
                    .filter_map(|c| c.parse::<u32>().ok()),
            );
        }
    }
    family.truncate(MAX_PROCESSES);
    family
}

/// The number of threads of process `pid` (field 20 of its `stat`).
fn thread_count(pid: u32) -> Option<usize> {
    stat_fields(&format!("/proc/{pid}/stat"))?
        .get(17)?
        .parse()
        .ok()
}

thread_local! {
    /// The `/proc` files this thread has read (what a measure costs).
    static PROC_READS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Reads a small file of `/proc`, counted in [`PROC_READS`].
fn read_proc(path: &str) -> Option<String> {
    PROC_READS.with(|reads| reads.set(reads.get() + 1));
    std::fs::read_to_string(path).ok()
}

/// Whether the thread at `task` (`/proc/<pid>/task/<tid>`) runs at a
/// lowered priority (its `nice`, field 19 of its `stat`, above 0).
fn low_priority(task: &std::path::Path) -> bool {
    stat_fields(&task.join("stat").to_string_lossy())
        .and_then(|fields| fields.get(16)?.parse::<i64>().ok())
        .is_some_and(|nice| nice > 0)
}

/// Process `pid`'s user and system time (`/proc/<pid>/stat`).
fn cpu_time(pid: u32) -> Option<Duration> {
    let fields = stat_fields(&format!("/proc/{pid}/stat"))?;
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    let per_second = clock_ticks()?;
    Some(Duration::from_nanos(
        ticks.saturating_mul(1_000_000_000) / per_second,
    ))
}

/// The clock ticks in a second, the unit of `/proc/<pid>/stat`'s times.
#[cfg(target_os = "linux")]
fn clock_ticks() -> Option<u64> {
    // SAFETY: sysconf only reads a configuration value.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    u64::try_from(per_second).ok().filter(|&t| t > 0)
}

/// No `/proc` to read elsewhere.
#[cfg(not(target_os = "linux"))]
fn clock_ticks() -> Option<u64> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Held by the tests that read this process's threads, and by the one
    /// that gives it 2,000: a measure reads only the first threads', and
    /// a process of more by its CPU time alone.
    static OWN_THREADS: Mutex<()> = Mutex::new(());

    #[test]
    fn this_process_is_measured() {
        let _own = OWN_THREADS.lock().unwrap_or_else(|e| e.into_inner());
        let pid = std::process::id();
        assert!(start_time(pid).is_some());
        assert!(demand(pid).is_some(), "this process's demand");
        // Some work, counted in steps rather than time.
        let mut x = 0u64;
        for i in 0..5_000_000u64 {
            x = std::hint::black_box(x.wrapping_add(i));
        }
        // The process's sum is over the threads alive when it is read (the
        // other tests' threads come and go), but it always holds this one's
        // time so far: read first, so it can only have grown since.
        let own = std::fs::read_to_string("/proc/thread-self/schedstat")
            .ok()
            .and_then(|text| {
                let mut fields = text.split_whitespace().map(|f| f.parse::<u64>().ok());
                Some(fields.next()??.saturating_add(fields.next()??))
            });
        let total = demand(pid).expect("again");
        if let Some(own) = own {
            assert!(own > 0, "this thread ran");
            assert!(total >= Duration::from_nanos(own), "{total:?} < {own} ns");
        }
        assert!(cpu_time(pid).is_some());
    }

    /// A game's processes are counted with the process the console
    /// started: its children, and theirs.
    #[cfg(target_os = "linux")]
    #[test]
    fn the_descendants_of_a_process_are_its_family() {
        let _own = OWN_THREADS.lock().unwrap_or_else(|e| e.into_inner());
        use std::os::unix::process::CommandExt;
        let mut child = std::process::Command::new("sh")
            .args(["-c", "sleep 60 & wait"])
            .process_group(0)
            .spawn()
            .unwrap();
        let pid = child.id();
        // The grandchild appears once sh has forked it: wait for that
        // (the deadline only turns a never into a failure).
        let deadline = Instant::now() + Duration::from_secs(30);
        let found = loop {
            let found = family(pid);
            if found.len() >= 2 || Instant::now() > deadline {
                break found;
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        let own = family(std::process::id());
        // SAFETY: kills the process group made above (sh and its sleep).
        unsafe { libc::killpg(pid as i32, libc::SIGKILL) };
        let _ = child.wait();
        assert_eq!(found.len(), 2, "sh and its sleep: {found:?}");
        assert_eq!(found[0], pid);
        assert_eq!(own[0], std::process::id());
        assert!(own.contains(&pid), "this test's child is in its family");
    }

    /// Issue 41, attack 6: a measure of a process of 2,000 threads reads
    /// about as many files as one of [`MAX_THREADS`] (it read three files
    /// of every thread, up to 1,024 of them, twice a second), and still
    /// counts the process's time.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_measure_costs_the_same_whatever_the_thread_count() {
        let _own = OWN_THREADS.lock().unwrap_or_else(|e| e.into_inner());
        let reads = |pid: u32| {
            PROC_READS.with(|r| r.set(0));
            let demand = demand(pid).expect("a demand");
            (PROC_READS.with(std::cell::Cell::get), demand)
        };
        let (stop, hold) = std::sync::mpsc::channel::<()>();
        let hold = std::sync::Arc::new(std::sync::Mutex::new(hold));
        let threads: Vec<_> = (0..2000)
            .map(|_| {
                let hold = hold.clone();
                std::thread::Builder::new()
                    .stack_size(64 * 1024)
                    .spawn(move || {
                        let _ = hold.lock().map(|h| h.recv());
                    })
                    .unwrap()
            })
            .collect();
        let (many_reads, demand) = reads(std::process::id());
        drop(stop);
        for thread in threads {
            thread.join().unwrap();
        }
        assert!(demand > Duration::ZERO);
        // The first threads' `children` (a game's children are its main
        // thread's), and its `stat` twice, with a margin for the children
        // other tests start meanwhile: 2,000 threads once cost 3,072.
        assert!(
            many_reads <= MAX_THREADS + 64,
            "2,000 threads: {many_reads} files read"
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

    /// Issue 41, attack 5's rest: the quota was only measured every 5 s,
    /// so a game wrote as much as it liked between two measures (a file of
    /// 64 MiB past a quota of 8 MiB stayed). Then the file size limit was
    /// what was left of the quota, which kept the game from writing its
    /// own files: a write fails at a position past the limit, so with 6
    /// MiB of 8 in one file, rewriting that file's last KiB in place, or
    /// adding a byte, failed with "File too large". Now every file can be
    /// rewritten and grown by what is left; a new file stops at the
    /// longest file's length plus what was left; and the next measure,
    /// over the quota, stops every write.
    #[cfg(target_os = "linux")]
    #[test]
    fn every_file_is_still_written_and_the_quota_stops_the_rest() {
        let dir = tempfile::tempdir().unwrap();
        let flag = |name: &str| dir.path().join(name);
        let data = dir.path().join("data");
        std::fs::create_dir(&data).unwrap();
        // Writes 6 MiB, waits for the test's go, rewrites its last KiB,
        // adds a byte, tries 64 MiB more in a new file; then waits for
        // the test's again and tries one more byte.
        let script = format!(
            "trap '' XFSZ; cd {data}; head -c 6291456 /dev/zero > first.bin; touch {ready}; \
             until [ -e {go} ]; do sleep 0.05; done; \
             dd if=/dev/zero of=first.bin bs=1024 count=1 seek=6143 conv=notrunc 2>&1 \
               && touch {rewritten}; \
             printf x >> first.bin && touch {added}; \
             head -c 67108864 /dev/zero > second.bin; touch {tried}; \
             until [ -e {again} ]; do sleep 0.05; done; \
             printf x >> first.bin || echo refused",
            data = data.display(),
            ready = flag("ready").display(),
            go = flag("go").display(),
            tried = flag("tried").display(),
            rewritten = flag("rewritten").display(),
            added = flag("added").display(),
            again = flag("again").display(),
        );
        let child = std::process::Command::new("sh")
            .args(["-c", &script])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let quota = DiskLimit {
            bytes: 8 << 20,
            files: 100,
            every: Duration::from_secs(1),
        };
        let until = |what: &str, done: &dyn Fn() -> bool| {
            let deadline = Instant::now() + Duration::from_secs(30);
            while !done() {
                assert!(Instant::now() < deadline, "{what} never came");
                std::thread::sleep(Duration::from_millis(20));
            }
        };
        // Watched once the first file is whole (a measure during its
        // write would set the limit below its final length).
        until("the first 6 MiB", &|| flag("ready").exists());
        let watch = UsageWatch::start(
            child.id(),
            CpuLimit::default(),
            Some((data.clone(), quota)),
            None,
        )
        .unwrap();
        until("a measure of the first 6 MiB", &|| {
            watch.disk().is_some_and(|d| d.bytes >= 6 << 20)
        });
        std::fs::write(flag("go"), "").unwrap();
        until("the 64 MiB tried", &|| flag("tried").exists());
        assert!(flag("rewritten").exists(), "the last KiB not rewritten");
        assert!(flag("added").exists(), "the byte not added");
        let second = std::fs::metadata(data.join("second.bin")).unwrap().len();
        assert!(
            second <= 8 << 20,
            "{second} bytes: past the longest file's 6 MiB and the 2 MiB left"
        );
        until("the quota passed, measured", &|| {
            watch.disk().is_some_and(|d| d.over_limit())
        });
        std::fs::write(flag("again"), "").unwrap();
        let out = child.wait_with_output().unwrap();
        let said = String::from_utf8_lossy(&out.stdout);
        let errors = String::from_utf8_lossy(&out.stderr);
        assert!(said.contains("refused"), "{said} {errors}");
        assert!(errors.contains("File too large"), "{errors}");
        assert_eq!(
            std::fs::metadata(data.join("first.bin")).unwrap().len(),
            (6 << 20) + 1
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

    #[cfg(target_os = "linux")]
    #[test]
    fn a_thread_that_lowered_its_priority_is_not_counted() {
        let here = |tid: i64| std::path::PathBuf::from(format!("/proc/self/task/{tid}"));
        // SAFETY: gettid only returns the caller's thread id.
        let main = unsafe { libc::gettid() };
        assert!(!low_priority(&here(main.into())));
        let (sender, receiver) = std::sync::mpsc::channel();
        let (done, wait) = std::sync::mpsc::channel::<()>();
        let thread = std::thread::spawn(move || {
            // SAFETY: both only set or read the calling thread's own values.
            let tid = unsafe {
                libc::setpriority(libc::PRIO_PROCESS, 0, 19);
                libc::gettid()
            };
            sender.send(tid).unwrap();
            let _ = wait.recv();
        });
        let tid = receiver.recv().unwrap();
        assert!(low_priority(&here(tid.into())), "a thread at nice 19");
        assert!(!low_priority(&here(main.into())), "only that thread");
        drop(done);
        thread.join().unwrap();
    }
}
