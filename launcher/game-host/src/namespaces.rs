//! The game process's namespaces (Linux): a user namespace of its own, in
//! which the player's user and group map to themselves, owning a network
//! namespace (no interface but a loopback that is down: no network at all,
//! not even to this computer), an IPC namespace (no System V shared memory,
//! semaphores or message queues shared with anyone), a UTS namespace (its
//! own host name, `plt-game`: the computer's is not given away) and a PID
//! namespace (its own pids only: it sees no other process, and every
//! process it could start dies with it).
//!
//! Entered by the game process itself ([`enter`]), first thing after the
//! console's Start message, while it is still single-threaded (the kernel
//! refuses a user namespace to a process with threads), before its limits,
//! Landlock, the system-call filter and the game's library. Entering them
//! there rather than in the console's fork lets the process report what the
//! kernel refused, with its reason, as part of its sandbox. The steps are
//! async-signal-safe (system calls on memory prepared beforehand), so the
//! console can also ask the kernel in a forked child ([`probe`]) what games
//! would get, without entering anything itself.
//!
//! A process that unshares a PID namespace stays outside it: only its
//! children enter it, the first as its pid 1, its init. So the game process
//! the console started (P) forks a stand-in init (A, pid 1,
//! [`crate::init`]), which forks the game (B, pid 2): the game is never
//! pid 1, which would ignore the signals a crash sends it. When the game
//! ends, A passes how it ended up to P and ends, and the kernel kills
//! whatever else is left in the namespace; P then ends exactly as the game
//! did (the same exit code or the same signal), so the console judges the
//! game's end as it always did.
//!
//! Where the kernel refuses (no unprivileged user namespaces, a limit of 0,
//! a container that forbids them) the game runs without them: Landlock and
//! the system-call filter still hold, and the console says what is missing.
//! Likewise without a PID namespace alone (`max_pid_namespaces` 0): the
//! game then runs as the process the console started, as it would
//! unsandboxed, and the console says so.

use serde::{Deserialize, Serialize};

/// The namespaces a game process was given, beyond user, network and IPC
/// (which come together or not at all).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Namespaces {
    /// Whether it has its own host name (UTS namespace) too.
    pub uts: bool,
    /// Whether it has its own pids (a PID namespace) too.
    pub pid: bool,
    /// The kernel's `errno` when it refused the PID namespace (0 when it
    /// was not asked for).
    pub pid_errno: i32,
    /// Whether it has a mount namespace and a root of its own
    /// ([`crate::mounts`]: no file but the game's is there to be seen), or
    /// why not (empty when it was not asked for: allocation-free).
    pub mount: Result<(), String>,
}

impl Namespaces {
    /// Why there is no root of its own, in a player's words (`None` when
    /// there is one).
    pub fn mount_missing(&self) -> Option<String> {
        match &self.mount {
            Ok(()) => None,
            Err(why) if why.is_empty() => Some("the game's process did not ask for one".into()),
            Err(why) => Some(why.clone()),
        }
    }

    /// Why there is no PID namespace, in a player's words (`None` when
    /// there is one).
    pub fn pid_missing(&self) -> Option<String> {
        if self.pid {
            return None;
        }
        let error = std::io::Error::from_raw_os_error(self.pid_errno);
        Some(match self.pid_errno {
            0 => "the game's process did not ask for one".into(),
            libc_errno::ENOSPC | libc_errno::EUSERS => "this system allows no more PID \
                 namespaces (/proc/sys/user/max_pid_namespaces is 0, or reached)"
                .into(),
            libc_errno::EPERM | libc_errno::EACCES => {
                format!("this system does not let a user create PID namespaces ({error})")
            }
            libc_errno::EINVAL => format!("this system's kernel has no PID namespaces ({error})"),
            _ => format!("the kernel refused a PID namespace ({error})"),
        })
    }
}

impl std::fmt::Display for Namespaces {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "user")?;
        if self.pid {
            write!(f, ", PID")?;
        }
        write!(f, ", network, IPC")?;
        if self.uts {
            write!(f, ", UTS")?;
        }
        if self.mount.is_ok() {
            write!(f, ", mount")?;
        }
        Ok(())
    }
}

/// The host name inside a game's UTS namespace.
pub const HOST_NAME: &str = "plt-game";

/// What [`enter`] needs, prepared before it runs (it allocates nothing):
/// the lines that map the process's user and group to themselves.
#[cfg(target_os = "linux")]
#[derive(Clone, Debug)]
pub struct Prepared {
    uid_map: Vec<u8>,
    gid_map: Vec<u8>,
}

#[cfg(target_os = "linux")]
impl Prepared {
    /// The maps for this process's effective user and group.
    pub fn new() -> Prepared {
        // SAFETY: geteuid and getegid only read the process's credentials.
        let (uid, gid) = unsafe { (libc::geteuid(), libc::getegid()) };
        Prepared {
            uid_map: format!("{uid} {uid} 1\n").into_bytes(),
            gid_map: format!("{gid} {gid} 1\n").into_bytes(),
        }
    }
}

#[cfg(target_os = "linux")]
impl Default for Prepared {
    fn default() -> Prepared {
        Prepared::new()
    }
}

/// Which step of [`enter`] the kernel refused, and its error number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The step.
    pub step: Step,
    /// The kernel's `errno`.
    pub errno: i32,
}

/// A step of [`enter`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Step {
    /// Creating the namespaces (`unshare`).
    Unshare = 1,
    /// Refusing `setgroups` (needed before the group map).
    SetGroups = 2,
    /// Mapping the player's user.
    UidMap = 3,
    /// Mapping the player's group.
    GidMap = 4,
}

impl Refusal {
    /// Why games have no namespaces, in a player's words.
    pub fn reason(&self) -> String {
        let error = std::io::Error::from_raw_os_error(self.errno);
        match self.step {
            Step::Unshare => match self.errno {
                libc_errno::EPERM | libc_errno::EACCES => format!(
                    "this system does not let a user create namespaces (unprivileged user \
                     namespaces are turned off, or forbidden in this container: {error})"
                ),
                libc_errno::ENOSPC | libc_errno::EUSERS => "this system allows no more user \
                     namespaces (/proc/sys/user/max_user_namespaces is 0, or reached)"
                    .into(),
                libc_errno::EINVAL => {
                    format!("this system's kernel has no user, network or IPC namespaces ({error})")
                }
                _ => format!("the kernel refused to create namespaces ({error})"),
            },
            Step::SetGroups | Step::UidMap | Step::GidMap => format!(
                "the kernel refused to map the player's user into the game's namespace ({error})"
            ),
        }
    }
}

/// `errno` values, the same on every Linux architecture the launcher
/// builds for (here so that [`Refusal::reason`] builds everywhere).
mod libc_errno {
    pub const EPERM: i32 = 1;
    pub const EACCES: i32 = 13;
    pub const EINVAL: i32 = 22;
    pub const ENOSPC: i32 = 28;
    pub const EUSERS: i32 = 87;
}

/// Moves this process into new user, network, IPC and (where the kernel
/// allows) UTS namespaces, maps its user and group to themselves, names its
/// host [`HOST_NAME`] and gives up the capabilities the new user namespace
/// granted. With `pid`, its children will be in a new PID namespace too
/// (where the kernel allows): this process can then start no thread (the
/// kernel keeps a process's threads in one PID namespace), only children,
/// the first of which must be their init ([`crate::init`]); the
/// capabilities are then kept for [`crate::init::start_game`], whose init
/// limits the namespace's tasks before it and this process give them up.
/// The process
/// must be single-threaded. Async-signal-safe: it makes system calls on
/// `prepared`'s memory only, so it may run in a forked child of a threaded
/// process.
#[cfg(target_os = "linux")]
pub fn enter(prepared: &Prepared, pid: bool) -> Result<Namespaces, Refusal> {
    // SAFETY: reads this thread's errno.
    let errno = || unsafe { *libc::__errno_location() };
    let refused = |step: Step| Refusal {
        step,
        errno: errno(),
    };
    let base = libc::CLONE_NEWUSER | libc::CLONE_NEWNET | libc::CLONE_NEWIPC;
    // SAFETY: unshare takes flags only. One call: the kernel creates the
    // user namespace first and the others owned by it, or none.
    let unshare = |flags| unsafe { libc::unshare(flags) } == 0;
    // Without a PID or a UTS namespace if the kernel refuses one (the PID
    // namespace first: a limit of 0 on them is a system's choice).
    let (uts, newpid) = (libc::CLONE_NEWUTS, libc::CLONE_NEWPID);
    let tries: &[(bool, bool)] = if pid {
        &[(true, true), (true, false), (false, true), (false, false)]
    } else {
        &[(true, false), (false, false)]
    };
    let mut pid_errno = 0;
    let mut given = None;
    for &(with_uts, with_pid) in tries {
        let flags = base | if with_uts { uts } else { 0 } | if with_pid { newpid } else { 0 };
        if unshare(flags) {
            given = Some((with_uts, with_pid));
            break;
        }
        if with_pid && pid_errno == 0 {
            pid_errno = errno();
        }
    }
    let Some((uts, pid)) = given else {
        return Err(refused(Step::Unshare));
    };
    for (path, contents, step) in [
        (c"/proc/self/setgroups", &b"deny"[..], Step::SetGroups),
        (c"/proc/self/uid_map", &prepared.uid_map[..], Step::UidMap),
        (c"/proc/self/gid_map", &prepared.gid_map[..], Step::GidMap),
    ] {
        if !write_file(path, contents) {
            return Err(refused(step));
        }
    }
    if uts {
        // SAFETY: the name is valid for its length. A failure leaves the
        // computer's name, which only costs a little privacy.
        unsafe { libc::sethostname(HOST_NAME.as_ptr().cast(), HOST_NAME.len()) };
    }
    if !pid {
        drop_capabilities();
    }
    Ok(Namespaces {
        uts,
        pid,
        pid_errno: if pid { 0 } else { pid_errno },
        // Made later, by the init ([`crate::mounts`]); String::new does
        // not allocate.
        mount: Err(String::new()),
    })
}

/// Writes `contents` to the file at `path` in one `write`, as the kernel
/// wants its namespace maps written. Async-signal-safe.
#[cfg(target_os = "linux")]
pub(crate) fn write_file(path: &std::ffi::CStr, contents: &[u8]) -> bool {
    // SAFETY: a valid C string; the descriptor is closed below.
    let fd = unsafe { libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC) };
    if fd < 0 {
        return false;
    }
    // SAFETY: `contents` is valid for its length.
    let written = unsafe { libc::write(fd, contents.as_ptr().cast(), contents.len()) };
    // SAFETY: the descriptor opened above. A failed write keeps its errno
    // (close of a freshly opened /proc file does not fail).
    unsafe { libc::close(fd) };
    written == contents.len() as isize
}

/// Gives up every capability (the new user namespace granted them all
/// within it): the game holds no privilege, even over its own namespaces.
/// Async-signal-safe.
#[cfg(target_os = "linux")]
pub(crate) fn drop_capabilities() {
    /// `_LINUX_CAPABILITY_VERSION_3`.
    const VERSION_3: u32 = 0x2008_0522;
    #[repr(C)]
    struct Header {
        version: u32,
        pid: i32,
    }
    #[repr(C)]
    #[derive(Clone, Copy)]
    struct Data {
        effective: u32,
        permitted: u32,
        inheritable: u32,
    }
    let header = Header {
        version: VERSION_3,
        pid: 0,
    };
    let none = [Data {
        effective: 0,
        permitted: 0,
        inheritable: 0,
    }; 2];
    // SAFETY: capset reads a valid version-3 header and two data words;
    // dropping capabilities always succeeds. The new user namespace's
    // capabilities grant nothing outside it anyway: this only narrows.
    unsafe { libc::syscall(libc::SYS_capset, &header, none.as_ptr()) };
}

/// What [`enter`] would give a game process now, asked of the kernel in a
/// forked child that enters the namespaces and ends (this process enters
/// none). Safe in a threaded process: the child only makes system calls.
#[cfg(target_os = "linux")]
pub fn probe() -> Result<Namespaces, String> {
    let prepared = Prepared::new();
    let mut fds = [0; 2];
    // SAFETY: pipe2 fills the two descriptors.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(format!(
            "cannot ask the kernel about namespaces ({})",
            std::io::Error::last_os_error()
        ));
    }
    let [read, write] = fds;
    // SAFETY: the child makes only async-signal-safe calls (enter, write,
    // _exit) before it ends; the parent closes its copy of the write end.
    let pid = unsafe { libc::fork() };
    if pid == 0 {
        // [step (0: entered), UTS, PID, errno (of the refusal, or of the
        // PID namespace's), errno of the mount namespace (0: given)].
        let mut answer = [0u8; 11];
        match enter(&prepared, true) {
            Ok(namespaces) => {
                answer[1] = namespaces.uts.into();
                answer[2] = namespaces.pid.into();
                answer[3..7].copy_from_slice(&namespaces.pid_errno.to_ne_bytes());
                // The game's init makes its root in a mount namespace of
                // its own, with the capabilities a PID namespace leaves it.
                // SAFETY: unshare takes flags only; errno is this thread's.
                let mount = match namespaces.pid {
                    false => libc::EINVAL,
                    true if unsafe { libc::unshare(libc::CLONE_NEWNS) } != 0 => unsafe {
                        *libc::__errno_location()
                    },
                    true => 0,
                };
                answer[7..].copy_from_slice(&mount.to_ne_bytes());
            }
            Err(refusal) => {
                answer[0] = refusal.step as u8;
                answer[3..7].copy_from_slice(&refusal.errno.to_ne_bytes());
            }
        }
        // SAFETY: the buffer is valid; _exit ends the child without running
        // the parent's exit handlers.
        unsafe {
            libc::write(write, answer.as_ptr().cast(), answer.len());
            libc::_exit(0);
        }
    }
    // SAFETY: the parent's copy of the write end, no longer needed.
    unsafe { libc::close(write) };
    let mut answer = [0u8; 11];
    let got = if pid > 0 {
        // SAFETY: reads at most the buffer's length into it.
        let n = unsafe { libc::read(read, answer.as_mut_ptr().cast(), answer.len()) };
        let mut status = 0;
        // SAFETY: waits for the child forked above.
        unsafe { libc::waitpid(pid, &mut status, 0) };
        n == answer.len() as isize
    } else {
        false
    };
    // SAFETY: the read end opened above.
    unsafe { libc::close(read) };
    if !got {
        return Err("cannot ask the kernel about namespaces (the probe gave no answer)".into());
    }
    let errno = i32::from_ne_bytes([answer[3], answer[4], answer[5], answer[6]]);
    let mount_errno = i32::from_ne_bytes([answer[7], answer[8], answer[9], answer[10]]);
    let step = match answer[0] {
        0 => {
            let pid = answer[2] != 0;
            return Ok(Namespaces {
                uts: answer[1] != 0,
                pid,
                pid_errno: errno,
                mount: match mount_errno {
                    0 => Ok(()),
                    _ if !pid => Err("it needs a PID namespace of its own".into()),
                    e => Err(format!(
                        "the kernel refused a mount namespace ({})",
                        std::io::Error::from_raw_os_error(e)
                    )),
                },
            });
        }
        1 => Step::Unshare,
        2 => Step::SetGroups,
        3 => Step::UidMap,
        _ => Step::GidMap,
    };
    Err(Refusal { step, errno }.reason())
}

/// Not on this system.
#[cfg(not(target_os = "linux"))]
pub fn probe() -> Result<Namespaces, String> {
    Err("namespaces are only available on Linux".into())
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use std::os::unix::process::CommandExt;
    use std::process::Command;

    /// `program` run in the namespaces a game gets (entered in the forked
    /// child before `exec`), with what it printed; `None` where the kernel
    /// refuses them (said).
    fn in_namespaces(program: &str, args: &[&str]) -> Option<String> {
        if let Err(why) = probe() {
            eprintln!("SKIPPED: {why}; the namespace tests need user namespaces");
            return None;
        }
        let prepared = Prepared::new();
        let mut command = Command::new(program);
        command.args(args);
        // SAFETY: `enter` is async-signal-safe (system calls on memory
        // prepared before the fork).
        unsafe {
            command.pre_exec(move || {
                enter(&prepared, false)
                    .map(|_| ())
                    .map_err(|r| std::io::Error::from_raw_os_error(r.errno))
            });
        }
        let out = command.output().expect("runs");
        assert!(out.status.success(), "{out:?}");
        Some(String::from_utf8_lossy(&out.stdout).into_owned())
    }

    fn interfaces(dev: &str) -> Vec<String> {
        dev.lines()
            .skip(2)
            .filter_map(|l| l.split(':').next())
            .map(|name| name.trim().to_owned())
            .collect()
    }

    /// The network namespace holds on its own (the system-call filter
    /// aside): a process in it sees no interface but the loopback.
    #[test]
    fn a_game_sees_no_network_interface_but_loopback() {
        let Some(dev) = in_namespaces("cat", &["/proc/net/dev"]) else {
            return;
        };
        assert_eq!(interfaces(&dev), ["lo"], "{dev}");
        // The loopback is down: no address at all, not even 127.0.0.1, so
        // not even this computer's services answer.
        let Some(addresses) = in_namespaces("cat", &["/proc/net/fib_trie"]) else {
            return;
        };
        assert_eq!(addresses.trim(), "", "{addresses}");
    }

    /// A System V shared memory segment of the player's is not visible in
    /// a game's IPC namespace; the player, the host name and file
    /// ownership are the player's own.
    #[test]
    fn a_game_shares_no_ipc_and_keeps_the_players_identity() {
        // SAFETY: creates a small private segment, removed below.
        let id = unsafe { libc::shmget(libc::IPC_PRIVATE, 4096, 0o600) };
        assert!(id >= 0, "{}", std::io::Error::last_os_error());
        let ours = std::fs::read_to_string("/proc/sysvipc/shm").unwrap();
        let theirs = in_namespaces("cat", &["/proc/sysvipc/shm"]);
        // SAFETY: removes the segment created above.
        unsafe { libc::shmctl(id, libc::IPC_RMID, std::ptr::null_mut()) };
        let Some(theirs) = theirs else { return };
        let id = id.to_string();
        let has = |table: &str| {
            table
                .lines()
                .skip(1)
                .any(|l| l.split_whitespace().nth(1) == Some(id.as_str()))
        };
        assert!(has(&ours), "{ours}");
        assert!(!has(&theirs), "{theirs}");

        // SAFETY: reads the process's credentials.
        let uid = unsafe { libc::geteuid() };
        let seen = in_namespaces("id", &["-u"]).unwrap();
        assert_eq!(seen.trim(), uid.to_string());
        let name = in_namespaces("cat", &["/proc/sys/kernel/hostname"]).unwrap();
        assert_eq!(name.trim(), HOST_NAME);
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("made");
        in_namespaces("touch", &[file.to_str().unwrap()]).unwrap();
        use std::os::unix::fs::MetadataExt;
        assert_eq!(std::fs::metadata(&file).unwrap().uid(), uid);
    }

    #[test]
    fn refusals_are_worded_for_players() {
        let off = Refusal {
            step: Step::Unshare,
            errno: libc::EPERM,
        };
        assert!(
            off.reason()
                .contains("does not let a user create namespaces")
        );
        let none = Refusal {
            step: Step::Unshare,
            errno: libc::ENOSPC,
        };
        assert!(none.reason().contains("max_user_namespaces"));
        let all = Namespaces {
            uts: true,
            pid: true,
            pid_errno: 0,
            mount: Ok(()),
        };
        assert_eq!(all.to_string(), "user, PID, network, IPC, UTS, mount");
        assert_eq!(all.pid_missing(), None);
        let no_pid = Namespaces {
            pid: false,
            pid_errno: libc::ENOSPC,
            mount: Err("it needs a PID namespace of its own".into()),
            ..all.clone()
        };
        assert_eq!(no_pid.to_string(), "user, network, IPC, UTS");
        assert!(
            no_pid
                .pid_missing()
                .unwrap()
                .contains("/proc/sys/user/max_pid_namespaces is 0"),
            "{no_pid:?}"
        );
    }
}
