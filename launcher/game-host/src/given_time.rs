//! The time a game process was given, as opposed to the time that passed.
//!
//! A call unanswered for two seconds on a quiet machine means a game that
//! hangs; on a machine busy with other work (a build, a VM's neighbours,
//! `stress -c 6`) the same game may simply not have been let run. So the
//! console judges a game — "not responding", a check's limit — by the
//! wall-clock time less the time its main threads spent *ready to run but
//! waiting for a CPU* (the run-queue wait, the second field of Linux's
//! `/proc/<pid>/schedstat`). A game that sleeps or blocks is given all the
//! time that passes; a game that spins is given the time it ran; neither
//! can look busy when it is hung. Only the machine's load is taken out.
//!
//! The threads read are the main threads of the game's chain of processes
//! (with a PID namespace the console starts P, which forks the namespace's
//! init A, which forks the game B: [`crate::init`]); a game answers the
//! console on its main thread. Where `/proc` has no `schedstat` (not Linux,
//! or a kernel without scheduler statistics) nothing is taken out: the
//! given time is the time that passed.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How deep the chain of a game's processes goes: P, A and the game B.
const CHAIN: usize = 3;

/// How old a reading of the wait may be and still stand for the wait at
/// a call's start ([`RunQueue::stamp`]). A pointer move is a call: read
/// for each, the wait cost a few `/proc` files opened and read per move
/// (2 % of a card drag's CPU, its moves 50 ms apart, at 50 ms here). An
/// older baseline only gives the game more time (at most this much of a
/// wait counted twice, against limits of seconds), never less.
const STAMP_FRESH: Duration = Duration::from_millis(250);

/// Reads how long a game process's main threads have waited to run.
#[derive(Debug)]
pub struct RunQueue {
    /// The chain's pids found so far, the process the console started
    /// first (cached once whole: a pid in a live chain is never reused).
    chain: Mutex<Vec<u32>>,
    /// Each pid's wait as last read: a process of the chain that has ended
    /// (and been reaped) keeps the wait it had, so the total never goes
    /// back while the chain ends.
    last: Mutex<HashMap<u32, Duration>>,
    /// The last total read, and when: a stamp within [`STAMP_FRESH`] of it
    /// takes it.
    recent: Mutex<Option<(Instant, Duration)>>,
}

/// A moment of a game process's life: when, and how long its main threads
/// had waited to run by then.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamp {
    /// When it was taken.
    pub at: Instant,
    /// The run-queue wait of the process's main threads so far.
    pub waited: Duration,
}

impl RunQueue {
    /// The run queue of process `pid` (the one the console started) and
    /// of the processes it forks to run the game.
    pub fn new(pid: u32) -> RunQueue {
        RunQueue {
            chain: Mutex::new(vec![pid]),
            last: Mutex::new(HashMap::new()),
            recent: Mutex::new(None),
        }
    }

    /// How long the main threads of the game's processes have waited for
    /// a CPU since they started (zero where that is not known).
    pub fn waited(&self) -> Duration {
        let chain = self.chain();
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        let at = Instant::now();
        let waited = chain
            .iter()
            .map(|pid| match run_queue_wait(*pid) {
                Some(waited) => {
                    last.insert(*pid, waited);
                    waited
                }
                None => last.get(pid).copied().unwrap_or_default(),
            })
            .sum();
        *self.recent.lock().unwrap_or_else(|e| e.into_inner()) = Some((at, waited));
        waited
    }

    /// Now, with the wait so far: as last read if that was less than
    /// [`STAMP_FRESH`] ago (a baseline that is a little old only gives the
    /// game a little more time).
    pub fn stamp(&self) -> Stamp {
        self.stamp_at(Instant::now())
    }

    /// [`RunQueue::stamp`] taken at `at`.
    fn stamp_at(&self, at: Instant) -> Stamp {
        let recent = *self.recent.lock().unwrap_or_else(|e| e.into_inner());
        let waited = match recent {
            Some((read, waited)) if at.duration_since(read) < STAMP_FRESH => waited,
            _ => self.waited(),
        };
        Stamp { at, waited }
    }

    /// The time the game was given since `stamp`: the time that passed,
    /// less the time its main threads waited to run. Cheap while less than
    /// `enough` has passed (nothing is read then: the answer is at most
    /// the time that passed).
    pub fn given_since(&self, stamp: &Stamp, enough: Duration) -> Duration {
        let passed = stamp.at.elapsed();
        if passed < enough {
            return passed;
        }
        let waited = self.waited().saturating_sub(stamp.waited);
        passed.saturating_sub(waited)
    }

    /// The chain P → A → B as far as it has been forked.
    fn chain(&self) -> Vec<u32> {
        let mut chain = self.chain.lock().unwrap_or_else(|e| e.into_inner());
        while chain.len() < CHAIN {
            let last = *chain.last().expect("the chain starts with the pid");
            match first_child(last) {
                Some(child) => chain.push(child),
                None => break,
            }
        }
        chain.clone()
    }
}

/// The first child forked by the main thread of `pid`, if any.
fn first_child(pid: u32) -> Option<u32> {
    let children = std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children")).ok()?;
    children.split_whitespace().next()?.parse().ok()
}

/// How long the main thread of `pid` has waited on a run queue.
fn run_queue_wait(pid: u32) -> Option<Duration> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/schedstat")).ok()?;
    let waited = text.split_whitespace().nth(1)?.parse::<u64>().ok()?;
    Some(Duration::from_nanos(waited))
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use std::process::{Child, Command};

    /// A shell that spins, kept on CPU 0 alone.
    fn spinner() -> Child {
        Command::new("taskset")
            .args(["-c", "0", "sh", "-c", "while :; do :; done"])
            .spawn()
            .expect("taskset and sh run")
    }

    /// `n` spinners sharing CPU 0, each waiting to run; `None`, saying
    /// why, where waits cannot be read or processes kept on one CPU.
    fn spinners_sharing_a_cpu(n: usize) -> Option<Vec<Child>> {
        if !has_schedstat() {
            return None;
        }
        if Command::new("taskset").arg("-V").output().is_err() {
            eprintln!(
                "skipped: taskset (util-linux) is not installed to keep processes on one CPU"
            );
            return None;
        }
        Some((0..n).map(|_| spinner()).collect())
    }

    /// Whether this kernel keeps scheduler statistics.
    fn has_schedstat() -> bool {
        let here = std::path::Path::new("/proc/self/schedstat").exists();
        if !here {
            eprintln!("skipped: this kernel has no /proc/<pid>/schedstat to read waits from");
        }
        here
    }

    #[test]
    fn a_sleeping_process_is_given_all_the_time_that_passes() {
        if !has_schedstat() {
            return;
        }
        let mut child = Command::new("sleep").arg("30").spawn().unwrap();
        let pid = child.id();
        // Wait until it sleeps (it may wait to run while it starts on a
        // busy machine).
        let sleeping = || {
            let comm = std::fs::read_to_string(format!("/proc/{pid}/comm")).unwrap_or_default();
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            comm.trim() == "sleep"
                && stat
                    .rsplit_once(") ")
                    .is_some_and(|(_, s)| s.starts_with('S'))
        };
        while !sleeping() {
            std::thread::sleep(Duration::from_millis(5));
        }
        let queue = RunQueue::new(pid);
        let stamp = queue.stamp();
        std::thread::sleep(Duration::from_millis(200));
        let passed = stamp.at.elapsed();
        let given = queue.given_since(&stamp, Duration::ZERO);
        let waited = queue.waited();
        let _ = child.kill();
        let _ = child.wait();
        // A sleeping process never waits to run: nothing is taken out,
        // however busy the machine is.
        assert_eq!(waited, stamp.waited);
        assert!(given >= passed, "given {given:?} of {passed:?}");
    }

    /// A pointer move is a call, and each call is stamped: a stamp reads
    /// `/proc` only when the last reading is older than `STAMP_FRESH`.
    #[test]
    fn a_stamp_takes_a_fresh_reading_and_reads_an_old_one_again() {
        let Some(mut spinners) = spinners_sharing_a_cpu(3) else {
            return;
        };
        let queue = RunQueue::new(spinners[0].id());
        let first = queue.stamp();
        let read_at = queue.recent.lock().unwrap().unwrap().0;
        let soon = queue.stamp_at(read_at + STAMP_FRESH / 2);
        assert_eq!(soon.waited, first.waited, "a fresh reading is taken");
        assert_eq!(queue.recent.lock().unwrap().unwrap().0, read_at);
        // Until the spinner has waited more, counted in its own wait.
        while queue.waited() == first.waited {
            std::thread::sleep(Duration::from_millis(5));
        }
        let read_again = queue.recent.lock().unwrap().unwrap().0;
        let later = queue.stamp_at(read_again + STAMP_FRESH);
        assert!(later.waited > first.waited);
        assert!(
            queue.recent.lock().unwrap().unwrap().0 > read_again,
            "read again"
        );
        for s in &mut spinners {
            let _ = s.kill();
            let _ = s.wait();
        }
    }

    #[test]
    fn a_process_that_shares_its_cpu_is_given_only_its_share() {
        // Four spinners on one CPU: each waits to run about three quarters
        // of the time, and more on a machine busy with other work.
        let Some(mut spinners) = spinners_sharing_a_cpu(4) else {
            return;
        };
        let queue = RunQueue::new(spinners[0].id());
        // The spinner's main thread is the shell taskset became.
        let stamp = queue.stamp();
        let mut waited = Duration::ZERO;
        // Wait for what is asserted, with the count of the process's own
        // run-queue wait: no wall-clock budget.
        while waited < Duration::from_millis(500) {
            std::thread::sleep(Duration::from_millis(20));
            waited = queue.waited().saturating_sub(stamp.waited);
        }
        let given = queue.given_since(&stamp, Duration::ZERO);
        let passed = stamp.at.elapsed();
        for s in &mut spinners {
            let _ = s.kill();
            let _ = s.wait();
        }
        assert!(
            given + Duration::from_millis(500) <= passed,
            "given {given:?} of {passed:?}: the wait to run is taken out"
        );
    }
}
