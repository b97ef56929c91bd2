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
//!
//! A game at rest costs nothing: once nothing of it has run since the
//! last wake (its processes' CPU clocks, read first at every wake, have
//! not moved), the thread measures what it did since the last measures
//! and sleeps until the kernel wakes it, the game having run again
//! ([`rest`]); a look whether it has come to rest reads no file.

use crate::Waker;
use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

mod cpu;
mod disk;
mod rest;

pub use cpu::{CpuLimit, CpuUse, MAX_THREADS};
use cpu::{StatFile, Threads, measure_demand};
pub use disk::{DiskLimit, DiskUse, MAX_DEPTH, NEAR_QUOTA_EVERY};
use disk::{file_limit_for, limit_writes, measure, next_measure, stop_writes};

/// A thread of the console watching one game process; it ends when
/// dropped, or when the process is gone.
pub struct UsageWatch {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
    /// The limit's window.
    window: Duration,
}

#[derive(Default)]
struct Shared {
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    /// Dropped: the thread ends.
    stop: bool,
    /// Asleep while the game rests: since when nothing of it ran (the
    /// last measure that read it).
    rest: Option<Instant>,
    /// The last measure over a whole window.
    cpu: Option<CpuUse>,
    /// The data directory's last measure.
    disk: Option<DiskUse>,
}

impl UsageWatch {
    /// Starts watching process `pid` as `limit` says; `waker` is called
    /// each time the verdict (over the limit or not) changes, not at a
    /// first measure under the limit. Returns
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
        let stat = StatFile::open(pid)?;
        let shared = Arc::new(Shared::default());
        let thread = {
            let shared = shared.clone();
            rest::spawn_blocked(|| {
                std::thread::Builder::new()
                    .name(format!("usage-{pid}"))
                    .spawn(move || watch(pid, stat, limit, disk, waker, &shared))
            })
            .ok()?
        };
        Some(UsageWatch {
            shared,
            thread: Some(thread),
            window: limit.window,
        })
    }

    /// The last measure over a whole window (`None` until a window has
    /// passed). While the watch sleeps, its game at rest, and a whole
    /// window has passed since the game last ran: none of it (less than
    /// the [`rest`] alarm's run).
    pub fn cpu(&self) -> Option<CpuUse> {
        let state = self.shared.state.lock().ok()?;
        match state.rest {
            Some(since) if since.elapsed() >= self.window => Some(CpuUse {
                share: 0.0,
                over: since.elapsed(),
                over_limit: false,
            }),
            _ => state.cpu,
        }
    }

    /// Whether the watch sleeps until its game runs again.
    #[cfg(test)]
    fn asleep(&self) -> bool {
        self.shared.state.lock().is_ok_and(|s| s.rest.is_some())
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
        if let Some(thread) = self.thread.take() {
            rest::wake(&thread);
            let _ = thread.join();
        }
    }
}

/// How many times `CpuLimit::every` apart the measures are while the game
/// has asked for less than a quarter of its limit (the usual game, at
/// rest): a wake costs the console a little even when nothing need be
/// read (and a measure of a game that ran a little reads a file or two
/// for each of its threads): twice a second that was nine tenths of an
/// idle console's CPU. A game that starts to spin needs 90 % of the
/// window (9 s of 10) to reach its limit, and is measured as often as the
/// limit says from its first measure after it started (at most 10 s
/// later, when the measures before are still in the window), so the
/// verdict comes as soon as at a measure twice a second. Every 10 s, as
/// the data directory of a game at rest, so one wake takes both.
const QUIET_STRIDE: u32 = 20;

/// Measures due within this of each other are taken at one wake, the
/// later one early: the CPU's (every 10 s at rest) and the data
/// directory's (every 5 s, 10 s at rest), so an idle console wakes for
/// both at once. The data directory's is taken early only when it would
/// otherwise wake the thread before the CPU's next: a game measured twice
/// a second has its directory walked no more often than its quota says.
const TOGETHER_WITHIN: Duration = Duration::from_secs(3);

/// How long until the next measure of the CPU: `limit.every`, or
/// [`QUIET_STRIDE`] times that while the game has asked, since the oldest
/// sample kept, for less than a quarter of its limit, and after its first
/// measure (a game that spins from its start reaches the limit only once
/// a whole window has passed, and is measured often from its second
/// measure on). `samples` are (when, demand so far), oldest first.
fn next_cpu_measure(samples: &VecDeque<(Instant, Duration)>, limit: &CpuLimit) -> Duration {
    let quiet_every = limit.every * QUIET_STRIDE;
    let quiet = match (samples.front(), samples.back()) {
        (Some((first_at, first)), Some((last_at, last))) if samples.len() > 1 => {
            let over = last_at.duration_since(*first_at);
            over.is_zero()
                || last.saturating_sub(*first).as_secs_f64() / over.as_secs_f64()
                    < limit.share / 4.0
        }
        _ => true,
    };
    if quiet { quiet_every } else { limit.every }
}

/// The watching thread: a measure every `limit.every` (less often while
/// the game is quiet, [`next_cpu_measure`]), and of the data directory as
/// [`next_measure`] says, until stopped or the process is gone. It wakes
/// only when a measure is due ([`TOGETHER_WITHIN`]), or, while the game is
/// quiet, to look whether it has come to rest ([`REST_LOOK_STRIDE`]).
///
/// A game at rest is not read again: when no process of its family has
/// run since the last measure ([`Threads::ran_so_far`], a clock read a
/// process), its demand and its data directory (which only the game
/// writes) are as that measure found them. Once nothing of it ran since
/// the last wake, whatever it did since the last measures is measured;
/// and once nothing ran since those measures either, the watch sleeps
/// until it has run again ([`rest`]): a game at rest costs the console
/// nothing, as the original's idle.
fn watch(
    pid: u32,
    (stat, started): (StatFile, u64),
    limit: CpuLimit,
    disk: Option<(PathBuf, DiskLimit)>,
    waker: Option<Waker>,
    shared: &Shared,
) {
    let mut samples: VecDeque<(Instant, Duration)> = VecDeque::new();
    let mut threads = Threads::default();
    let mut next_cpu = Instant::now();
    let mut next_disk = Instant::now();
    // How many measures in a row found the data directory as the one
    // before, and the last.
    let mut disk_unchanged: (u32, Option<DiskUse>) = (0, None);
    // What the family had run at the last measure of each (read right
    // after the CPU's, before the data directory's), and at the last wake.
    let mut ran_at_cpu = None;
    let mut ran_at_disk = None;
    let mut ran_at_wake = None;
    // When the last measure of the CPU that read the game was taken.
    let mut read_at = Instant::now();
    let mut writes_stopped = false;
    let mut file_limit = None;
    let mut alarm = rest::Alarm::new();
    loop {
        // What is due now, or soon enough to be taken with it.
        let soon = Instant::now() + TOGETHER_WITHIN;
        let mut ran = threads.ran_so_far();
        let rested =
            |ran: Option<Duration>, at_last: Option<Duration>| ran.is_some() && ran == at_last;
        // Nothing of the game ran since the last wake: it has come to
        // rest, and what it did since the last measures is measured now.
        // Once nothing of it ran since those measures either (their family
        // whole: a process it started since is seen, its parent having run
        // to start it), the watch may sleep.
        let came_to_rest = rested(ran, ran_at_wake);
        let measured_at_rest =
            came_to_rest && rested(ran, ran_at_cpu) && (disk.is_none() || rested(ran, ran_at_disk));
        let cpu_due = next_cpu <= soon || (came_to_rest && !rested(ran, ran_at_cpu));
        let cpu = if cpu_due {
            let demand = match samples.back() {
                Some(&(_, demand)) if rested(ran, ran_at_cpu) => demand,
                _ => {
                    // The same process still (a pid is reused once its
                    // process is gone: then its clock moved, or is gone
                    // too), and what it has asked for so far.
                    if stat.start_time() != Some(started) {
                        return;
                    }
                    let Some(demand) = measure_demand(pid, &mut threads) else {
                        return;
                    };
                    // Of the family found now (the first measure finds
                    // it): what ran during the measure's reads is read
                    // at the next measure, which is cumulative.
                    ran = threads.ran_so_far();
                    ran_at_cpu = ran;
                    read_at = Instant::now();
                    demand
                }
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
            next_cpu = now + next_cpu_measure(&samples, &limit);
            Some(samples.front().and_then(|(at, before)| {
                let over = now.duration_since(*at);
                (over >= limit.window && !over.is_zero()).then(|| {
                    let share = demand.saturating_sub(*before).as_secs_f64() / over.as_secs_f64();
                    CpuUse {
                        share,
                        over,
                        over_limit: share >= limit.share,
                    }
                })
            }))
        } else {
            None
        };
        // The data directory's, when due, or early when it would
        // otherwise wake this thread again before the CPU's next.
        let now = Instant::now();
        let disk_due = next_disk <= now
            || (next_disk <= soon && next_disk < next_cpu)
            || (came_to_rest && !rested(ran, ran_at_disk));
        let disk_use = match &disk {
            Some((dir, quota)) if disk_due => {
                let used = match disk_unchanged.1 {
                    Some(used) if rested(ran, ran_at_disk) => used,
                    _ => {
                        ran_at_disk = ran;
                        measure(dir, *quota)
                    }
                };
                let before = disk_unchanged.1.replace(used);
                disk_unchanged.0 = if before == Some(used) {
                    disk_unchanged.0.saturating_add(1)
                } else {
                    0
                };
                next_disk = Instant::now() + next_measure(&used, disk_unchanged.0);
                Some(used)
            }
            _ => None,
        };
        ran_at_wake = ran;
        let Ok(mut state) = shared.state.lock() else {
            return;
        };
        // Only a verdict the window shows wakes it: over the limit or
        // not (a first measure under it is no news, and the console's
        // pass for it showed nothing new).
        let mut changed = false;
        if let Some(cpu) = cpu {
            changed = state.cpu.is_some_and(|c| c.over_limit) != cpu.is_some_and(|c| c.over_limit);
            state.cpu = cpu;
        }
        if let Some(disk) = disk_use {
            changed |= state.disk.is_some_and(|d| d.over_limit()) != disk.over_limit();
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
        if state.stop {
            return;
        }
        // At rest, and told so (a game over the limit is measured until
        // the window shows it no longer is): asleep until it runs again
        // (or a long while has passed), then measured at once.
        let sleeps = measured_at_rest && !state.cpu.is_some_and(|c| c.over_limit);
        if sleeps && threads.clocks().is_some_and(|clocks| alarm.set(&clocks)) {
            state.rest = Some(read_at);
            drop(state);
            rest::wait(Some(LONGEST_ASLEEP));
            alarm.unset();
            next_cpu = Instant::now();
            next_disk = next_cpu;
            match shared.state.lock() {
                Ok(mut state) if !state.stop => state.rest = None,
                _ => return,
            }
            continue;
        }
        drop(state);
        // While the game is quiet, a look every few strides whether it
        // has come to rest; one stride after its measures at rest, whether
        // it still is.
        let stride = if came_to_rest { 1 } else { REST_LOOK_STRIDE };
        let look = Instant::now() + limit.every * stride;
        // (Without such alarms here, no looks: the watch wakes as its
        // measures say.)
        let mut next = if alarm.available() {
            next_cpu.min(look)
        } else {
            next_cpu
        };
        if disk.is_some() {
            next = next.min(next_disk);
        }
        rest::wait(Some(next.saturating_duration_since(Instant::now())));
        if shared.state.lock().map_or(true, |s| s.stop) {
            return;
        }
    }
}

/// How many times `CpuLimit::every` apart a quiet game is looked at, to
/// see whether it has come to rest (every 2 s by default): a look reads
/// its processes' CPU clocks, no file.
const REST_LOOK_STRIDE: u32 = 4;

/// The longest a watch sleeps while its game rests, before it looks
/// again whether the game is still there.
const LONGEST_ASLEEP: Duration = Duration::from_secs(600);

#[cfg(test)]
mod tests {
    use super::*;

    /// A game at rest, or measured once, is measured [`QUIET_STRIDE`]
    /// times less often; one that asks for a quarter of its limit or more
    /// as often as the limit says.
    #[test]
    fn a_quiet_game_is_measured_less_often() {
        let limit = CpuLimit::default();
        let start = Instant::now();
        let samples = |shares: &[f64]| -> VecDeque<(Instant, Duration)> {
            let mut demand = Duration::ZERO;
            let mut out = VecDeque::from([(start, demand)]);
            for (i, share) in shares.iter().enumerate() {
                demand += limit.every.mul_f64(*share);
                out.push_back((start + limit.every * (i as u32 + 1), demand));
            }
            out
        };
        let quiet = limit.every * QUIET_STRIDE;
        let stride = QUIET_STRIDE as usize;
        assert_eq!(
            next_cpu_measure(&samples(&vec![0.01; stride]), &limit),
            quiet
        );
        assert_eq!(next_cpu_measure(&samples(&[0.01]), &limit), quiet);
        assert_eq!(next_cpu_measure(&samples(&[0.3]), &limit), limit.every);
        // A game that starts to spin in the last quarter of a quiet stretch.
        let mut starts_to_spin = vec![0.01; stride - stride / 4];
        starts_to_spin.extend(vec![1.0; stride / 4]);
        assert_eq!(
            next_cpu_measure(&samples(&starts_to_spin), &limit),
            limit.every
        );
        assert_eq!(next_cpu_measure(&samples(&[1.0; 20]), &limit), limit.every);
        // Its first measure: the next comes as for a game at rest.
        assert_eq!(next_cpu_measure(&samples(&[]), &limit), quiet);
    }

    /// A game at rest never wakes the console: its first measures, under
    /// every limit, show nothing new (each cost the console a pass); and
    /// the watch then sleeps until the game runs, and ends when dropped.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_game_at_rest_wakes_no_one() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let dir = tempfile::tempdir().unwrap();
        let mut child = std::process::Command::new("sleep")
            .arg("60")
            .spawn()
            .unwrap();
        let woken = Arc::new(AtomicUsize::new(0));
        let waker: Waker = {
            let woken = woken.clone();
            Arc::new(move || {
                woken.fetch_add(1, Ordering::SeqCst);
            })
        };
        let limit = CpuLimit {
            window: Duration::from_millis(200),
            every: Duration::from_millis(50),
            share: 0.9,
        };
        let quota = DiskLimit {
            every: Duration::from_millis(100),
            ..DiskLimit::default()
        };
        let watch = UsageWatch::start(
            child.id(),
            limit,
            Some((dir.path().to_owned(), quota)),
            Some(waker),
        )
        .unwrap();
        // Bounded: the deadline only turns a never into a failure.
        let deadline = Instant::now() + Duration::from_secs(60);
        while (watch.cpu().is_none() || watch.disk().is_none()) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        let measured = (watch.cpu(), watch.disk());
        // Until it sleeps, and then dropped: woken, it ends.
        while !watch.asleep() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        let asleep = watch.asleep();
        drop(watch);
        let _ = child.kill();
        let _ = child.wait();
        assert!(measured.0.is_some_and(|c| !c.over_limit), "{measured:?}");
        assert!(measured.1.is_some_and(|d| !d.over_limit()), "{measured:?}");
        assert_eq!(woken.load(Ordering::SeqCst), 0);
        assert!(asleep, "the watch sleeps while sleep(1) does");
    }

    /// A game that rests is slept on (no wake reads anything of it); once
    /// it starts to spin, its alarm wakes the watch, and the game is told.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_game_that_spins_after_resting_is_told() {
        use std::io::Write as _;
        let mut child = std::process::Command::new("sh")
            .args(["-c", "read line; while :; do :; done"])
            .stdin(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let limit = CpuLimit {
            window: Duration::from_millis(500),
            every: Duration::from_millis(20),
            share: 0.8,
        };
        let watch = UsageWatch::start(child.id(), limit, None, None).unwrap();
        // Bounded: the deadlines only turn a never into a failure. Asleep,
        // then a whole window at rest.
        let deadline = Instant::now() + Duration::from_secs(60);
        while !(watch.asleep() && watch.cpu().is_some()) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        let asleep = watch.asleep();
        let resting = watch.cpu();
        child.stdin.take().unwrap().write_all(b"go\n").unwrap();
        let deadline = Instant::now() + Duration::from_secs(60);
        while watch.busy().is_none() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        let spinning = watch.busy();
        drop(watch);
        let _ = child.kill();
        let _ = child.wait();
        assert!(asleep, "the watch sleeps while sh waits");
        assert!(resting.is_some_and(|c| !c.over_limit), "{resting:?}");
        assert!(spinning.is_some(), "the spinning game told");
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
}
