//! What a game process asks of the CPU, read from `/proc`: its threads'
//! time on a CPU and waiting for one (`schedstat`), or its CPU time, over
//! the process and its descendants, at a cost that does not grow with its
//! thread count; and the limit past which the window says so.

use std::time::Duration;

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
    /// 90 % of a core over the last 10 s, measured twice a second (every
    /// 10 s while the game is quiet, see `next_cpu_measure`).
    fn default() -> CpuLimit {
        CpuLimit {
            window: Duration::from_secs(10),
            every: Duration::from_millis(500),
            share: 0.9,
        }
    }
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

/// The `stat` file of the process a watch watches, kept open for the
/// watch's life: read again before each measure (a `pread`, not an open,
/// a read and a close), it tells when the process started. A file kept open is
/// its process's: once that has ended and been reaped, it reads as an
/// error, never as a later process given the same pid.
pub(super) struct StatFile(std::fs::File);

impl StatFile {
    /// Process `pid`'s, and when the process started; `None` if it cannot
    /// be read (no `/proc`, or the process has ended).
    pub(super) fn open(pid: u32) -> Option<(StatFile, u64)> {
        let file = StatFile(std::fs::File::open(format!("/proc/{pid}/stat")).ok()?);
        let started = file.start_time()?;
        Some((file, started))
    }

    /// When the process started (field 22, in clock ticks since boot);
    /// `None` once it has ended and been reaped.
    pub(super) fn start_time(&self) -> Option<u64> {
        use std::os::unix::fs::FileExt as _;
        PROC_READS.with(|reads| reads.set(reads.get() + 1));
        let mut piece = [0u8; 1024];
        let mut bytes = Vec::new();
        loop {
            match self.0.read_at(&mut piece, bytes.len() as u64) {
                Ok(0) => break,
                Ok(n) => bytes.extend_from_slice(&piece[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => return None,
            }
        }
        let text = String::from_utf8(bytes).ok()?;
        let (_, rest) = text.rsplit_once(')')?;
        rest.split_whitespace().nth(19)?.parse().ok()
    }
}

/// The fields of a `stat` file after the command's name (which may hold
/// spaces and parentheses): the state is the first (field 3).
fn stat_fields(path: &str) -> Option<Vec<String>> {
    let text = read_proc(path)?;
    let (_, rest) = text.rsplit_once(')')?;
    Some(rest.split_whitespace().map(str::to_owned).collect())
}

/// What a measure of a game's demand keeps for the next: each thread seen,
/// with its demand then and whether it had lowered its priority. A thread
/// that has not run since (less than [`RECHECK_AFTER`]) keeps its
/// verdict, so a game at rest costs one file a thread (`schedstat`), not
/// two: its `stat` is read again only once it has run, or when its demand
/// is less than before (its id reused by a new thread).
///
/// It also keeps the CPU clocks of the family the measure found (the
/// process and its descendants), which tell at the next wake whether any
/// of them ran since ([`Threads::ran_so_far`]).
#[derive(Default)]
pub(super) struct Threads {
    seen: std::collections::HashMap<(u32, u32), Seen>,
    clocks: Vec<Option<Clock>>,
}

impl Threads {
    /// The CPU time the family of the last measure has run so far, all
    /// their threads together (and those that ended): the kernel's CPU
    /// clock of each process, a system call each, no file. Equal at two
    /// wakes, nothing of the family ran between them: no thread asked for
    /// the CPU (one waiting for it gets some within milliseconds, whatever
    /// the load), started a thread or a process, or wrote a file. `None`
    /// before a measure, where there is no such clock, or once a process
    /// of the family has ended.
    pub(super) fn ran_so_far(&self) -> Option<Duration> {
        if self.clocks.is_empty() {
            return None;
        }
        self.clocks.iter().try_fold(Duration::ZERO, |total, clock| {
            Some(total + read_clock((*clock)?)?)
        })
    }

    /// The CPU clocks of the family of the last measure, if every one of
    /// its processes has one.
    pub(super) fn clocks(&self) -> Option<Vec<Clock>> {
        self.clocks.iter().copied().collect()
    }
}

/// The id of a process's CPU clock (`clock_getcpuclockid`).
pub(super) type Clock = libc::clockid_t;

/// Process `pid`'s CPU clock: the time all its threads have run
/// (`CLOCK_PROCESS_CPUTIME_ID` of another process). `None` where there is
/// none, or once the process has ended.
#[cfg(target_os = "linux")]
fn cpu_clock(pid: u32) -> Option<Clock> {
    let pid = libc::pid_t::try_from(pid).ok()?;
    let mut clock: Clock = 0;
    // SAFETY: only writes the clock's id to the valid local passed.
    (unsafe { libc::clock_getcpuclockid(pid, &mut clock) } == 0).then_some(clock)
}

/// No such clock elsewhere.
#[cfg(not(target_os = "linux"))]
fn cpu_clock(_pid: u32) -> Option<Clock> {
    None
}

/// What `clock` reads now; `None` once its process has ended.
pub(super) fn read_clock(clock: Clock) -> Option<Duration> {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: only writes the time to the valid local passed.
    (unsafe { libc::clock_gettime(clock, &mut now) } == 0).then(|| {
        Duration::new(
            u64::try_from(now.tv_sec).unwrap_or(0),
            u32::try_from(now.tv_nsec).unwrap_or(0),
        )
    })
}

#[derive(Clone, Copy)]
struct Seen {
    demand: Duration,
    low_priority: bool,
}

/// How long a thread must have run or waited since it was last measured
/// for its priority to be read again.
const RECHECK_AFTER: Duration = Duration::from_millis(1);

/// The time the threads of process `pid` and of its descendants have run
/// or waited to run so far, or (without `schedstat`) their CPU time. The
/// descendants count: with a PID namespace the game runs as the
/// grandchild of the process the console started ([`crate::init`]).
/// One pass over the family: each process's threads listed once, and for
/// each thread its `children` (the family's next generation), its
/// `schedstat` and, when it has run since the last measure (`threads`),
/// its `stat`.
pub(super) fn measure_demand(pid: u32, threads: &mut Threads) -> Option<Duration> {
    let mut total = Duration::ZERO;
    let mut read = 0;
    let mut family = vec![pid];
    let mut seen = std::collections::HashMap::new();
    let mut next = 0;
    while next < family.len() {
        let process = family[next];
        next += 1;
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{process}/task")) else {
            continue;
        };
        // Listed one more than read: too many threads to read one by one,
        // and the process is measured by its CPU time, one file.
        let tasks: Vec<_> = tasks.flatten().take(MAX_THREADS + 1).collect();
        let crowded = tasks.len() > MAX_THREADS;
        if crowded && let Some(time) = cpu_time(process) {
            total += time;
            read += 1;
        }
        for task in tasks.iter().take(MAX_THREADS) {
            let path = task.path();
            if family.len() < MAX_PROCESSES
                && let Some(children) = read_proc(&path.join("children").to_string_lossy())
            {
                family.extend(
                    children
                        .split_whitespace()
                        .filter_map(|c| c.parse::<u32>().ok())
                        .take(MAX_PROCESSES - family.len()),
                );
            }
            if crowded {
                continue;
            }
            let Some(tid) = task
                .file_name()
                .to_str()
                .and_then(|t| t.parse::<u32>().ok())
            else {
                continue;
            };
            let Some(text) = read_proc(&path.join("schedstat").to_string_lossy()) else {
                // A thread that just ended; or no schedstat at all.
                continue;
            };
            let mut fields = text.split_whitespace().map(|f| f.parse::<u64>().ok());
            let (Some(Some(ran)), Some(Some(waited))) = (fields.next(), fields.next()) else {
                continue;
            };
            let demand = Duration::from_nanos(ran.saturating_add(waited));
            // Less than before: another thread given the same id since
            // (a spinner must not inherit an ended thread's lowered
            // priority), read again too.
            let low_priority = match threads.seen.get(&(process, tid)) {
                Some(before)
                    if demand >= before.demand && demand - before.demand < RECHECK_AFTER =>
                {
                    before.low_priority
                }
                _ => low_priority(&path),
            };
            seen.insert(
                (process, tid),
                Seen {
                    demand,
                    low_priority,
                },
            );
            read += 1;
            if !low_priority {
                total += demand;
            }
        }
    }
    // Those no longer seen are forgotten: a thread's id is reused.
    threads.seen = seen;
    threads.clocks = family.iter().map(|&pid| cpu_clock(pid)).collect();
    if read > 0 {
        return Some(total);
    }
    let mut total = cpu_time(pid)?;
    for &pid in &family[1..] {
        total += cpu_time(pid).unwrap_or_default();
    }
    Some(total)
}

/// [`measure_demand`] with nothing kept from an earlier measure.
#[cfg(test)]
pub(super) fn demand(pid: u32) -> Option<Duration> {
    measure_demand(pid, &mut Threads::default())
}

/// The most processes of a game read at each measure (itself and its
/// descendants).
const MAX_PROCESSES: usize = 64;

/// Process `pid` and its descendants (from each thread's `children` in
/// `/proc/<pid>/task/<tid>/`), `pid` first; at most [`MAX_PROCESSES`].
pub(super) fn family(pid: u32) -> Vec<u32> {
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

thread_local! {
    /// The `/proc` files this thread has read (what a measure costs).
    static PROC_READS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Reads a small file of `/proc`, counted in [`PROC_READS`]: in pieces of
/// a page, so a `stat` is one read and the end another. (`read_to_string`
/// asks a file's size first, which every file of `/proc` gives as 0, and
/// reads in pieces that grow from 32 bytes: seven calls for a `stat`.)
fn read_proc(path: &str) -> Option<String> {
    use std::io::Read as _;
    PROC_READS.with(|reads| reads.set(reads.get() + 1));
    let mut file = std::fs::File::open(path).ok()?;
    let mut piece = [0u8; 4096];
    let mut bytes = Vec::new();
    loop {
        match file.read(&mut piece) {
            Ok(0) => break,
            Ok(n) => bytes.extend_from_slice(&piece[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return None,
        }
    }
    String::from_utf8(bytes).ok()
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
    use std::sync::Mutex;
    use std::time::Instant;

    /// Held by the tests that read this process's threads, and by the one
    /// that gives it 2,000: a measure reads only the first threads', and
    /// a process of more by its CPU time alone.
    static OWN_THREADS: Mutex<()> = Mutex::new(());

    #[test]
    fn this_process_is_measured() {
        let _own = OWN_THREADS.lock().unwrap_or_else(|e| e.into_inner());
        let pid = std::process::id();
        assert!(StatFile::open(pid).is_some());
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

    /// A game at rest costs a file a thread at each measure, not two: a
    /// thread's priority (its `stat`) is read again only once it has run.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_thread_at_rest_is_not_read_again() {
        use std::os::unix::process::CommandExt;
        let mut child = std::process::Command::new("sleep")
            .arg("60")
            .process_group(0)
            .spawn()
            .unwrap();
        let pid = child.id();
        let mut threads = Threads::default();
        let mut reads = || {
            PROC_READS.with(|r| r.set(0));
            measure_demand(pid, &mut threads).expect("a demand");
            PROC_READS.with(std::cell::Cell::get)
        };
        // Its one thread's children, schedstat and stat.
        let first = reads();
        // Until it has stopped running (it may still be starting): the
        // deadline only turns a never into a failure.
        let deadline = Instant::now() + Duration::from_secs(30);
        let at_rest = loop {
            let again = reads();
            if again < first || Instant::now() > deadline {
                break again;
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        let _ = child.kill();
        let _ = child.wait();
        assert_eq!(first, 3);
        assert_eq!(at_rest, 2, "children and schedstat");
    }

    /// What a game's family has run stays the same while it rests, and
    /// changes when any of it runs: a process it starts is seen at the
    /// next measure, its parent having run to start it. Once a process
    /// of the family has ended, there is none.
    #[cfg(target_os = "linux")]
    #[test]
    fn what_the_family_ran_changes_only_when_it_runs() {
        use std::io::Write as _;
        use std::os::unix::process::CommandExt;
        let mut child = std::process::Command::new("sh")
            .args(["-c", "read line; sleep 60 & wait"])
            .stdin(std::process::Stdio::piped())
            .process_group(0)
            .spawn()
            .unwrap();
        let pid = child.id();
        let mut threads = Threads::default();
        assert_eq!(threads.ran_so_far(), None, "no family before a measure");
        measure_demand(pid, &mut threads).expect("a demand");
        // Until two reads agree (sh may still be starting): the deadline
        // only turns a never into a failure.
        let deadline = Instant::now() + Duration::from_secs(30);
        let mut before = threads.ran_so_far();
        let at_rest = loop {
            std::thread::sleep(Duration::from_millis(50));
            let again = threads.ran_so_far();
            if again == before || Instant::now() > deadline {
                break again;
            }
            before = again;
        };
        let rested_again = {
            std::thread::sleep(Duration::from_millis(200));
            threads.ran_so_far()
        };
        // sh reads the line and starts its sleep.
        child.stdin.take().unwrap().write_all(b"go\n").unwrap();
        let deadline = Instant::now() + Duration::from_secs(30);
        while family(pid).len() < 2 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        let after_start = threads.ran_so_far();
        measure_demand(pid, &mut threads).expect("a demand");
        let family_seen = threads.clocks.len();
        // SAFETY: kills the process group made above (sh and its sleep).
        unsafe { libc::killpg(pid as i32, libc::SIGKILL) };
        let _ = child.wait();
        let ended = threads.ran_so_far();
        assert!(at_rest.is_some(), "sh's clock read");
        assert_eq!(rested_again, at_rest, "nothing ran while sh waited");
        assert!(
            after_start > at_rest,
            "sh ran to start sleep: {after_start:?}"
        );
        assert_eq!(family_seen, 2, "sh and its sleep");
        assert_eq!(ended, None, "once sh has ended");
    }

    /// A thread whose demand is less than the one seen under its id is a
    /// new thread given that id: its priority is read again, so a spinner
    /// does not inherit the lowered priority of a thread that ended.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_thread_id_given_again_is_read_again() {
        let _own = OWN_THREADS.lock().unwrap_or_else(|e| e.into_inner());
        // SAFETY: gettid only returns the caller's thread id.
        let tid = unsafe { libc::gettid() } as u32;
        let pid = std::process::id();
        let mut threads = Threads::default();
        // As if an ended thread of this id had run an hour at nice 19.
        threads.seen.insert(
            (pid, tid),
            Seen {
                demand: Duration::from_secs(3600),
                low_priority: true,
            },
        );
        measure_demand(pid, &mut threads).unwrap();
        assert_eq!(
            threads.seen.get(&(pid, tid)).map(|s| s.low_priority),
            Some(false),
            "this thread runs at its usual priority"
        );
    }

    /// A thread seen at its usual priority, which then lowers it and
    /// runs, is no longer counted at the next measure.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_thread_that_lowers_its_priority_later_is_seen_to() {
        let _own = OWN_THREADS.lock().unwrap_or_else(|e| e.into_inner());
        let (sender, receiver) = std::sync::mpsc::channel();
        let (go, wait) = std::sync::mpsc::channel::<()>();
        let (done, end) = std::sync::mpsc::channel::<()>();
        let thread = std::thread::spawn(move || {
            // SAFETY: gettid only returns the caller's thread id.
            sender.send(unsafe { libc::gettid() }).unwrap();
            let _ = wait.recv();
            // SAFETY: sets the calling thread's own priority.
            unsafe { libc::setpriority(libc::PRIO_PROCESS, 0, 19) };
            // Work counted in steps: far more than a millisecond's.
            let mut x = 0u64;
            for i in 0..50_000_000u64 {
                x = std::hint::black_box(x.wrapping_add(i));
            }
            sender.send(0).unwrap();
            let _ = end.recv();
        });
        let tid = receiver.recv().unwrap() as u32;
        let pid = std::process::id();
        let mut threads = Threads::default();
        measure_demand(pid, &mut threads).unwrap();
        let seen = |threads: &Threads| threads.seen.get(&(pid, tid)).map(|s| s.low_priority);
        assert_eq!(seen(&threads), Some(false), "at first");
        go.send(()).unwrap();
        receiver.recv().unwrap();
        measure_demand(pid, &mut threads).unwrap();
        let later = seen(&threads);
        drop(done);
        thread.join().unwrap();
        assert_eq!(later, Some(true), "after it lowered its priority and ran");
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
