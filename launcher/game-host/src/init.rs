//! The stand-in init of a game's PID namespace (Linux).
//!
//! The game process the console starts (P) unshares a PID namespace with
//! its other namespaces ([`crate::namespaces::enter`]), but stays outside
//! it: only its children enter. So [`start_game`] makes a chain of three:
//!
//! * **P**, the process the console started and waits for (its pid is
//!   [`crate::GameProcess::pid`]): it forks A, waits for A, and then ends
//!   exactly as the game did: the same exit code, or the same signal (its
//!   handler reset, unblocked, raised; no core file of its own), so the
//!   console's report of a game's end ("it crashed (segmentation fault)",
//!   "it aborted", "it was killed (SIGKILL)", `exit(3)`...) is unchanged.
//! * **A**, pid 1 of the namespace, a tiny init: it forks B, reaps every
//!   child it is given (orphans of the game's own children), and when B
//!   ends, writes B's wait status to P over a pipe and ends. The kernel
//!   then kills every process left in the namespace: every descendant
//!   of the game dies with it.
//! * **B**, pid 2: the game. [`start_game`] returns in B only, which goes
//!   on as the game process always did (limits, Landlock, seccomp, the
//!   library). The game is never pid 1: a pid 1 ignores the signals it
//!   sends itself with their default action, so an `abort()` would not end
//!   it.
//!
//! P and A run no game code and close the protocol's pipes, so that the
//! pipes' end still means the game is gone. Each of the three ends with its
//! parent (`PR_SET_PDEATHSIG`), checking after asking that the parent is
//! still there: the console's end ends P, P's ends A, and A's ends the
//! namespace. Fork keeps the process group, so the console's Stop
//! (`killpg`) reaches all three; killing P alone ends A, hence B.

/// Forks the chain P → A → B ([module docs](self)) from this process,
/// which must be single-threaded and have entered a PID namespace for its
/// children; returns in B (the game) only. `console` is the pid P's parent
/// must have (P ends with it); `close` are the descriptors only the game
/// keeps (the protocol's pipes). In P and A it never returns. An error
/// (P's parent is gone, the kernel refused a process) is returned in P,
/// before any fork or when the first fails. With `root`, the init gives
/// the game a root of its own first ([`crate::mounts`]); what came of it
/// is returned in B (`Ok(Err(why))` where the kernel refused).
#[cfg(target_os = "linux")]
pub fn start_game(
    console: Option<u32>,
    close: &[i32],
    root: Option<&crate::mounts::Root>,
) -> Result<Result<(), String>, String> {
    end_with_parent(console)?;
    let mut fds = [0; 2];
    // SAFETY: pipe2 fills the two descriptors.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(format!(
            "cannot start the game in its own PID namespace ({})",
            std::io::Error::last_os_error()
        ));
    }
    let [read, write] = fds;
    // SAFETY: this process is single-threaded (the caller's promise), so
    // the child may run any code.
    match unsafe { libc::fork() } {
        -1 => {
            let error = std::io::Error::last_os_error();
            // SAFETY: the pipe opened above, unused.
            unsafe {
                libc::close(read);
                libc::close(write);
            }
            Err(format!(
                "cannot start the game in its own PID namespace ({error})"
            ))
        }
        0 => {
            // SAFETY: A's copy of the read end: only P reads.
            unsafe { libc::close(read) };
            init(write, close, root)
        }
        a => {
            // P needs no privilege to wait (A limited the namespace).
            crate::namespaces::drop_capabilities();
            // SAFETY: P's copy of the write end (so that A's end is the
            // pipe's end), and the game's descriptors.
            unsafe { libc::close(write) };
            close_all(close);
            relay(read, a)
        }
    }
}

/// Limits the tasks (threads and processes) of this PID namespace to fewer
/// than `sandbox::MAX_TASKS`: its `pid_max`, which Linux keeps per PID
/// namespace since 6.14, set by its init while it still holds the
/// namespace's capabilities. It binds a player who is root too, whom
/// `RLIMIT_NPROC` exempts. Only on such a kernel: on an older one the file
/// is the whole system's. A refusal leaves the namespace as it was.
#[cfg(target_os = "linux")]
fn limit_tasks() {
    if !pid_max_per_namespace() {
        return;
    }
    let mut text = [0u8; 24];
    let mut n = crate::sandbox::MAX_TASKS;
    let mut at = text.len() - 1;
    text[at] = b'\n';
    loop {
        at -= 1;
        text[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    crate::namespaces::write_file(c"/proc/sys/kernel/pid_max", &text[at..]);
}

/// Whether this kernel keeps `pid_max` per PID namespace (Linux 6.14).
#[cfg(target_os = "linux")]
fn pid_max_per_namespace() -> bool {
    // SAFETY: an all-zero utsname is valid, and uname fills it.
    let mut names: libc::utsname = unsafe { std::mem::zeroed() };
    // SAFETY: a valid utsname to fill.
    if unsafe { libc::uname(&mut names) } != 0 {
        return false;
    }
    // SAFETY: uname wrote a NUL-terminated release into the array.
    let release = unsafe { std::ffi::CStr::from_ptr(names.release.as_ptr()) };
    let Ok(release) = release.to_str() else {
        return false;
    };
    let mut parts = release.split(['.', '-']).map(|p| p.parse::<u32>().ok());
    match (parts.next().flatten(), parts.next().flatten()) {
        (Some(major), Some(minor)) => (major, minor) >= (6, 14),
        _ => false,
    }
}

/// Arranges for this process to be killed when its parent ends, then checks
/// the parent has not ended already (it may have, before that took effect):
/// it must be `parent` when given.
#[cfg(target_os = "linux")]
fn end_with_parent(parent: Option<u32>) -> Result<(), String> {
    use rustix::process::{Signal, getppid, set_parent_process_death_signal};
    set_parent_process_death_signal(Some(Signal::KILL))
        .map_err(|e| format!("cannot arrange to end with the launcher: {e}"))?;
    if let Some(parent) = parent
        && getppid().map(|p| p.as_raw_nonzero().get() as u32) != Some(parent)
    {
        return Err("the launcher that started the game has gone".into());
    }
    Ok(())
}

/// Closes each of `fds`.
#[cfg(target_os = "linux")]
fn close_all(fds: &[i32]) {
    for &fd in fds {
        // SAFETY: descriptors this process holds and no longer uses (they
        // are the game's, which has its own copies).
        unsafe { libc::close(fd) };
    }
}

/// A: pid 1 of the namespace. Forks B (returning in it), then reaps every
/// child until B ends, writes B's status on `status`, and ends. Returns
/// in B what came of giving it `root`.
#[cfg(target_os = "linux")]
fn init(
    status: i32,
    close: &[i32],
    root: Option<&crate::mounts::Root>,
) -> Result<Result<(), String>, String> {
    // SAFETY: prctl with PR_SET_PDEATHSIG and a signal number: A is killed
    // when P ends.
    unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) };
    // P may have ended before that took effect. A cannot see P (its parent
    // is outside the namespace: getppid() is 0), but P holds the pipe's
    // only read end: a pipe with no reader polls as an error.
    let mut ends = libc::pollfd {
        fd: status,
        events: libc::POLLOUT,
        revents: 0,
    };
    // SAFETY: polls one valid pollfd without waiting.
    if unsafe { libc::poll(&mut ends, 1, 0) } < 0 || ends.revents & libc::POLLERR != 0 {
        // SAFETY: ends A (nothing of the game has run).
        unsafe { libc::_exit(1) };
    }
    limit_tasks();
    // With the namespace's capabilities still held; B, forked after,
    // starts in the new root.
    let mounted = match root {
        Some(root) => crate::mounts::enter(root),
        None => Err("the game's process did not ask for one".into()),
    };
    crate::namespaces::drop_capabilities();
    // SAFETY: A is single-threaded (a child of a single-threaded P).
    let game = unsafe { libc::fork() };
    if game == 0 {
        // SAFETY: B's copy of the write end: only A writes.
        unsafe { libc::close(status) };
        return Ok(mounted);
    }
    close_all(close);
    if game < 0 {
        eprintln!(
            "game host: cannot start the game in its own PID namespace ({})",
            std::io::Error::last_os_error()
        );
        // SAFETY: ends A; P ends with the same code.
        unsafe { libc::_exit(3) };
    }
    loop {
        let mut wait_status = 0;
        // SAFETY: waits for any child of A into a valid int.
        let pid = unsafe { libc::waitpid(-1, &mut wait_status, 0) };
        if pid == game {
            let bytes = wait_status.to_ne_bytes();
            // SAFETY: writes the four bytes (atomically: fewer than a pipe's
            // buffer) to the pipe to P, then ends A, which ends the
            // namespace. If P is gone the write fails and A ends anyway.
            unsafe {
                libc::write(status, bytes.as_ptr().cast(), bytes.len());
                libc::_exit(0);
            }
        }
        if pid < 0 && std::io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
            // No child left, which cannot be while B lives.
            // SAFETY: ends A.
            unsafe { libc::_exit(3) };
        }
    }
}

/// P: waits for A, reads B's wait status from `status`, and ends as B did
/// (as A did if A ended without saying: killed, or unable to start B).
#[cfg(target_os = "linux")]
fn relay(status: i32, a: libc::pid_t) -> ! {
    let mut bytes = [0u8; 4];
    let mut got = 0;
    while got < bytes.len() {
        // SAFETY: reads into the rest of the buffer.
        let n = unsafe { libc::read(status, bytes[got..].as_mut_ptr().cast(), bytes.len() - got) };
        match n {
            1.. => got += n as usize,
            0 => break,
            _ if std::io::Error::last_os_error().raw_os_error() == Some(libc::EINTR) => {}
            _ => break,
        }
    }
    let mut a_status = 0;
    // SAFETY: waits for P's child A into a valid int. A has ended (or is
    // ending): once it has, so has every process of the namespace.
    while unsafe { libc::waitpid(a, &mut a_status, 0) } < 0
        && std::io::Error::last_os_error().raw_os_error() == Some(libc::EINTR)
    {}
    end_as(if got == bytes.len() {
        i32::from_ne_bytes(bytes)
    } else {
        a_status
    })
}

/// Ends this process as a process with wait status `status` ended: the
/// same exit code, or the same signal.
#[cfg(target_os = "linux")]
fn end_as(status: i32) -> ! {
    if libc::WIFEXITED(status) {
        // SAFETY: ends the process with B's code; nothing of P's is left
        // to flush.
        unsafe { libc::_exit(libc::WEXITSTATUS(status)) };
    }
    let signal = if libc::WIFSIGNALED(status) {
        libc::WTERMSIG(status)
    } else {
        0
    };
    if signal > 0 {
        let no_core = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: plain system calls on valid values: no core dump of P's
        // (B made its own if the system wanted one; a limit of 0 stops a
        // core file, not dumpable stops a core handler too), the signal's
        // default action (ending the process), unblocked, then raised.
        unsafe {
            libc::setrlimit(libc::RLIMIT_CORE, &no_core);
            libc::prctl(libc::PR_SET_DUMPABLE, 0);
            libc::signal(signal, libc::SIG_DFL);
            let mut set: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut set);
            libc::sigaddset(&mut set, signal);
            libc::sigprocmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
            libc::raise(signal);
        }
    }
    // A signal whose default is not to end the process (none that ends
    // one): the shell's convention.
    // SAFETY: ends the process.
    unsafe { libc::_exit(128 + signal) }
}

/// Not on this system (no PID namespaces).
#[cfg(not(target_os = "linux"))]
pub fn start_game(
    _console: Option<u32>,
    _close: &[i32],
    _root: Option<&()>,
) -> Result<Result<(), String>, String> {
    Err("PID namespaces are only available on Linux".into())
}
