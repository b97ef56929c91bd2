//! How a watch sleeps while its game rests: not woken every few seconds
//! to find that nothing ran (each wake cost the console about 70 µs of
//! CPU, most of an idle console's), but by the kernel, once the game has
//! run again. An alarm on each process of the game's family (a POSIX
//! timer on that process's CPU clock, `timer_create`, which any process
//! may set on another's) goes off once the process has run
//! [`RUN_BEFORE_WAKING`] more; it sends a real-time signal to the watch's
//! thread alone, which waits for it with `sigtimedwait`. So a console
//! with a game at rest wakes for nothing, as the original's does.
//!
//! The signal is blocked in the watch's thread from its start
//! ([`spawn_blocked`]): it is only ever taken by that wait, never run as
//! a handler, and never reaches another thread (the alarm and
//! [`wake`] send it to that thread alone).

use std::time::Duration;

use super::cpu::Clock;

/// How much a process of a resting game's family runs before its alarm
/// wakes the watch: a moment, so that whatever the game does (spin, or
/// write files into its data directory, which costs little CPU) is
/// measured at once. The kernel looks at the clocks at its
/// ticks, so the alarm goes off at the first tick that finds the game
/// running after this much.
pub(super) const RUN_BEFORE_WAKING: Duration = Duration::from_millis(1);

/// The real-time signal of the alarms and of [`wake`] (one the C library
/// leaves to programs, and which nothing else in the launcher uses).
#[cfg(target_os = "linux")]
fn signal() -> libc::c_int {
    libc::SIGRTMAX() - 3
}

/// The set holding only [`signal`].
#[cfg(target_os = "linux")]
fn signal_set() -> libc::sigset_t {
    // SAFETY: a sigset_t is plain data, which sigemptyset initialises; both
    // calls only write to the local.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, signal());
        set
    }
}

/// Runs `spawn` (which starts the watch's thread) with the signal blocked
/// in the calling thread, which the new thread inherits, so that it has it
/// blocked from its first instruction; the caller's mask is then as it
/// was.
pub(super) fn spawn_blocked<T>(spawn: impl FnOnce() -> T) -> T {
    #[cfg(target_os = "linux")]
    {
        let set = signal_set();
        // SAFETY: a sigset_t is plain data; pthread_sigmask only reads
        // `set` and writes the old mask to `before`.
        let mut before: libc::sigset_t = unsafe { std::mem::zeroed() };
        // SAFETY: as above, on valid locals.
        unsafe { libc::pthread_sigmask(libc::SIG_BLOCK, &set, &mut before) };
        let spawned = spawn();
        // SAFETY: restores the mask read above.
        unsafe { libc::pthread_sigmask(libc::SIG_SETMASK, &before, std::ptr::null_mut()) };
        spawned
    }
    #[cfg(not(target_os = "linux"))]
    spawn()
}

/// The alarms of one watch, on its game's processes: set at rest, unset
/// otherwise. Made by, and only used on, the watch's thread.
pub(super) struct Alarm {
    /// Each process's clock and the timer set on it.
    #[cfg(target_os = "linux")]
    timers: Vec<(Clock, libc::timer_t)>,
    /// False once a timer could not be made: none can be here.
    available: bool,
}

impl Alarm {
    /// No alarm set yet.
    pub(super) fn new() -> Alarm {
        Alarm {
            #[cfg(target_os = "linux")]
            timers: Vec::new(),
            available: cfg!(target_os = "linux"),
        }
    }

    /// Whether the alarm can be set on this system (until a timer could
    /// not be made, and never where there are no CPU-clock timers).
    pub(super) fn available(&self) -> bool {
        self.available
    }

    /// Sets the alarm to go off once any of the processes whose CPU clocks
    /// are `clocks` has run [`RUN_BEFORE_WAKING`] more than now. False
    /// where it cannot be set (a clock of a process that ended, or a
    /// system without such timers): the watch then wakes by the clock.
    pub(super) fn set(&mut self, clocks: &[Clock]) -> bool {
        #[cfg(target_os = "linux")]
        {
            // The timers of processes no longer in the family go.
            self.timers.retain(|&(clock, timer)| {
                let keep = clocks.contains(&clock);
                if !keep {
                    // SAFETY: a timer this alarm made and has not deleted.
                    unsafe { libc::timer_delete(timer) };
                }
                keep
            });
            for &clock in clocks {
                let timer = match self.timers.iter().find(|(c, _)| *c == clock) {
                    Some(&(_, timer)) => timer,
                    None => {
                        let Some(timer) = make_timer(clock) else {
                            // Refused for a process still there: the
                            // system has no such timers.
                            self.available = super::cpu::read_clock(clock).is_none();
                            return false;
                        };
                        self.timers.push((clock, timer));
                        timer
                    }
                };
                let Some(now) = super::cpu::read_clock(clock) else {
                    return false;
                };
                let at = now + RUN_BEFORE_WAKING;
                let when = libc::itimerspec {
                    it_interval: libc::timespec {
                        tv_sec: 0,
                        tv_nsec: 0,
                    },
                    it_value: libc::timespec {
                        tv_sec: libc::time_t::try_from(at.as_secs()).unwrap_or(libc::time_t::MAX),
                        tv_nsec: at.subsec_nanos() as libc::c_long,
                    },
                };
                // SAFETY: a live timer of this alarm; `when` is valid for
                // the call, and no old value is asked for.
                let set = unsafe {
                    libc::timer_settime(timer, libc::TIMER_ABSTIME, &when, std::ptr::null_mut())
                };
                if set != 0 {
                    return false;
                }
            }
            true
        }
        #[cfg(not(target_os = "linux"))]
        {
            let _ = clocks;
            false
        }
    }

    /// Stops the alarm going off (the watch measures as its schedule
    /// says). A signal it sent already wakes the next wait once.
    pub(super) fn unset(&mut self) {
        #[cfg(target_os = "linux")]
        for &(_, timer) in &self.timers {
            let off = libc::itimerspec {
                it_interval: libc::timespec {
                    tv_sec: 0,
                    tv_nsec: 0,
                },
                it_value: libc::timespec {
                    tv_sec: 0,
                    tv_nsec: 0,
                },
            };
            // SAFETY: a live timer of this alarm; `off` is valid for the
            // call.
            unsafe { libc::timer_settime(timer, 0, &off, std::ptr::null_mut()) };
        }
    }
}

impl Drop for Alarm {
    fn drop(&mut self) {
        #[cfg(target_os = "linux")]
        for &(_, timer) in &self.timers {
            // SAFETY: a timer this alarm made and has not deleted.
            unsafe { libc::timer_delete(timer) };
        }
    }
}

/// A timer on `clock` that sends [`signal`] to the calling thread alone.
#[cfg(target_os = "linux")]
fn make_timer(clock: Clock) -> Option<libc::timer_t> {
    // SAFETY: a sigevent is plain data, valid all zero; the fields that
    // matter are set below.
    let mut event: libc::sigevent = unsafe { std::mem::zeroed() };
    event.sigev_notify = libc::SIGEV_THREAD_ID;
    event.sigev_signo = signal();
    // SAFETY: gettid only returns the caller's thread id.
    event.sigev_notify_thread_id = unsafe { libc::gettid() };
    let mut timer: libc::timer_t = std::ptr::null_mut();
    // SAFETY: `event` and `timer` are valid locals for the call, which
    // reads the one and writes the other.
    (unsafe { libc::timer_create(clock, &mut event, &mut timer) } == 0).then_some(timer)
}

/// Waits, on the watch's thread, until its alarm goes off, it is woken
/// ([`wake`]), or `timeout` has passed (`None`: no end); a signal sent
/// while it was not waiting ends the next wait at once.
pub(super) fn wait(timeout: Option<Duration>) {
    #[cfg(target_os = "linux")]
    {
        let set = signal_set();
        let timeout = timeout.map(|t| libc::timespec {
            tv_sec: libc::time_t::try_from(t.as_secs()).unwrap_or(libc::time_t::MAX),
            tv_nsec: t.subsec_nanos() as libc::c_long,
        });
        let until = timeout
            .as_ref()
            .map_or(std::ptr::null(), std::ptr::from_ref);
        // SAFETY: `set` and `until` (null: no end) are valid for the call;
        // no siginfo is asked for. The signal is blocked in this thread
        // (spawn_blocked), so it is taken here rather than handled. Any
        // return (the signal, the timeout, another signal's interruption)
        // ends the wait; the watch sees why.
        unsafe { libc::sigtimedwait(&set, std::ptr::null_mut(), until) };
    }
    #[cfg(not(target_os = "linux"))]
    std::thread::sleep(timeout.unwrap_or(Duration::from_secs(1)));
}

/// Wakes the watch's thread `thread` from [`wait`] (or its next one).
pub(super) fn wake(thread: &std::thread::JoinHandle<()>) {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::thread::JoinHandleExt as _;
        // SAFETY: the thread is not joined yet (its handle is borrowed), so
        // its pthread_t is valid; it blocks the signal from its start, so
        // the signal waits for its next wait (or goes with the thread).
        unsafe { libc::pthread_kill(thread.as_pthread_t(), signal()) };
    }
    #[cfg(not(target_os = "linux"))]
    let _ = thread;
}
