//! The game process's sandbox on Linux, in three layers, set up before the
//! game's library is loaded, for the whole process for the rest of its
//! life:
//!
//! 1. **Namespaces** ([`crate::namespaces`], entered first while the
//!    process is single-threaded): its own user, PID, network, IPC and UTS
//!    namespaces, so it has no network at all (a loopback that is down),
//!    sees no process but its own, shares no System V IPC, and holds no
//!    capability; every process it could start dies with it
//!    ([`crate::init`]); the player's user and group map to themselves, so
//!    what it writes is the player's.
//! 2. **Landlock** for files, TCP, signals and abstract sockets.
//! 3. **A system-call filter** ([`crate::seccomp`]) for everything else.
//!
//! A game may read its own directory (where its library is) and what a
//! process needs to run (the system's libraries and their cache, fonts, the
//! launcher's own executable for backtraces, `/dev/null` and random
//! numbers); it may read and write its data directory, created for it
//! first; it may not run programs, open TCP connections nor listen on TCP
//! ports, reach abstract Unix sockets, or signal processes outside its
//! sandbox (the console, other games); the filter takes away every socket
//! (UDP, the X server's and D-Bus's Unix sockets), new processes and
//! programs, and every call aimed at another process. Everything else is
//! refused by the kernel: the player's files, other games' data, the
//! network, the desktop.
//!
//! Each layer the kernel refuses is recorded with why ([`Layers`]), never
//! fatal: the game runs with the others ([`Sandbox::Partial`]), or with none
//! where none holds ([`Sandbox::Unavailable`]); the console tells the player
//! once, and the About box and `--list` name each layer
//! ([`Sandbox::layers`], [`Sandbox::summary`]).

use crate::namespaces::Namespaces;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// How a game process is confined.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Sandbox {
    /// Every layer holds: Landlock with all of the launcher's rules, the
    /// system-call filter, and the namespaces.
    Enforced(Layers),
    /// Only some do; the others are missing for the reasons the layers
    /// give (an older Landlock, no seccomp, no user namespaces).
    Partial(Layers),
    /// None do, for the reason given (no Landlock, no seccomp and no
    /// namespaces, or not Linux).
    Unavailable(String),
    /// The console turned the sandbox off (`--no-sandbox`).
    Off,
}

/// Each layer of a game's sandbox: held (with what of it) or missing, and
/// why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Layers {
    /// Landlock (files, TCP, signals and abstract sockets out): the ABI
    /// version the kernel enforces the rules at (all of them from
    /// [`FULL_LANDLOCK`]).
    pub landlock: Result<u32, String>,
    /// The system-call filter ([`crate::seccomp`]).
    pub seccomp: Result<(), String>,
    /// The namespaces ([`crate::namespaces`]).
    pub namespaces: Result<Namespaces, String>,
}

/// The Landlock ABI version from which every rule of the launcher's is
/// enforced (6, Linux 6.12: TCP rules came with 4, scopes with 6).
pub const FULL_LANDLOCK: u32 = 6;

impl Layers {
    /// The sandbox these layers make.
    pub fn sandbox(self) -> Sandbox {
        let full = matches!(self.landlock, Ok(abi) if abi >= FULL_LANDLOCK);
        match (&self.landlock, &self.seccomp, &self.namespaces) {
            (Ok(_), Ok(()), Ok(namespaces))
                if full && namespaces.pid && namespaces.mount.is_ok() =>
            {
                Sandbox::Enforced(self)
            }
            (Err(why), Err(_), Err(_)) => Sandbox::Unavailable(why.clone()),
            _ => Sandbox::Partial(self),
        }
    }

    /// The layers that hold, each with what it takes away.
    fn held(&self) -> Vec<String> {
        let mut held = Vec::new();
        if let Ok(abi) = self.landlock {
            held.push(format!(
                "Landlock ABI {abi} (files: its own folder read-only, its data folder; no TCP; \
                 no signals out)"
            ));
        }
        if self.seccomp.is_ok() {
            held.push(format!("seccomp ({})", crate::seccomp::REFUSED));
        }
        if let Ok(namespaces) = &self.namespaces {
            let pids = if namespaces.pid {
                "; its own processes only, every one ended with it"
            } else {
                ""
            };
            let root = if namespaces.mount.is_ok() {
                "; a root of its own: none of your files is there to be seen"
            } else {
                ""
            };
            held.push(format!(
                "namespaces: {namespaces} (no network at all, not even this computer's; no \
                 shared IPC{pids}{root})"
            ));
        }
        held
    }

    /// The layers that hold, by name only: `Landlock ABI 7, seccomp,
    /// namespaces (user, PID, network, IPC, UTS)`.
    fn held_names(&self) -> Vec<String> {
        let mut held = Vec::new();
        if let Ok(abi) = self.landlock {
            held.push(format!("Landlock ABI {abi}"));
        }
        if self.seccomp.is_ok() {
            held.push("seccomp".into());
        }
        if let Ok(namespaces) = &self.namespaces {
            held.push(format!("namespaces ({namespaces})"));
        }
        held
    }

    /// Why each missing layer is missing (a Landlock older than
    /// [`FULL_LANDLOCK`] counts as missing some of its rules).
    pub fn missing(&self) -> Vec<String> {
        let mut missing = Vec::new();
        match &self.landlock {
            Ok(abi) if *abi < FULL_LANDLOCK => missing.push(format!(
                "this system's Landlock (ABI {abi}) enforces only some of the launcher's rules; \
                 a newer kernel enforces them all"
            )),
            Ok(_) => {}
            Err(why) => missing.push(why.clone()),
        }
        if let Err(why) = &self.seccomp {
            missing.push(why.clone());
        }
        match &self.namespaces {
            Err(why) => missing.push(format!("no namespaces: {why}")),
            Ok(namespaces) => {
                if let Some(why) = namespaces.pid_missing() {
                    missing.push(format!(
                        "no PID namespace: {why}; a game's processes could outlive it"
                    ));
                }
                if let Some(why) = namespaces.mount_missing() {
                    missing.push(format!(
                        "no root of its own: {why}; a game can learn whether any of your files \
                         exists, its size and times"
                    ));
                }
            }
        }
        missing
    }
}

impl std::fmt::Display for Sandbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Sandbox::Enforced(_) => write!(f, "sandboxed"),
            Sandbox::Partial(layers) => {
                write!(f, "partly sandboxed ({})", layers.missing().join("; "))
            }
            Sandbox::Unavailable(why) => write!(f, "unsandboxed ({why})"),
            Sandbox::Off => write!(f, "unsandboxed (turned off with --no-sandbox)"),
        }
    }
}

impl Sandbox {
    /// Which layers hold, for the About box: each layer with what it
    /// takes away, then each missing one with why.
    pub fn layers(&self) -> String {
        match self {
            Sandbox::Enforced(layers) => layers.held().join(", "),
            Sandbox::Partial(layers) => format!(
                "{}; missing: {}",
                layers.held().join(", "),
                layers.missing().join("; ")
            ),
            Sandbox::Unavailable(why) => format!("none: {why}"),
            Sandbox::Off => "none: turned off with --no-sandbox".into(),
        }
    }

    /// How games run, in one line for the top of `--list`: the layers that
    /// hold by name, the memory limit, and what is missing and why.
    pub fn summary(&self, memory_limit: Option<u64>) -> String {
        let memory = match memory_limit {
            Some(limit) => format!("memory limit {}", crate::bytes::format_bytes(limit)),
            None => "no memory limit".into(),
        };
        match self {
            Sandbox::Enforced(layers) => format!(
                "Games run sandboxed: {}, {memory}.",
                layers.held_names().join(", ")
            ),
            Sandbox::Partial(layers) => format!(
                "Games run partly sandboxed: {}, {memory}; missing: {}.",
                layers.held_names().join(", "),
                layers.missing().join("; ")
            ),
            Sandbox::Unavailable(_) | Sandbox::Off => self.player_note().unwrap_or_default(),
        }
    }

    /// What the player should be told once about it, if anything: `None`
    /// when games are fully sandboxed.
    pub fn player_note(&self) -> Option<String> {
        match self {
            Sandbox::Enforced(_) => None,
            Sandbox::Partial(layers) => Some(format!(
                "Games run partly sandboxed: {}.",
                layers.missing().join("; ")
            )),
            Sandbox::Unavailable(why) => Some(format!(
                "Games run unsandboxed: {why}. A game can read your files and use the network; \
                 play only games you trust."
            )),
            Sandbox::Off => {
                Some("Games run unsandboxed: the sandbox was turned off with --no-sandbox.".into())
            }
        }
    }
}

/// Enters the game's namespaces ([`crate::namespaces::enter`]) with, where
/// the kernel allows, a PID namespace for this process's children, or says
/// why the kernel refused. This process must be single-threaded: call it
/// first, before anything starts a thread; and when it says the PID
/// namespace holds ([`Namespaces::pid`]), this process may start no thread,
/// and must start the game with [`crate::init::start_game`].
#[cfg(target_os = "linux")]
pub fn enter_game_namespaces() -> Result<Namespaces, String> {
    crate::namespaces::enter(&crate::namespaces::Prepared::new(), true).map_err(|r| r.reason())
}

/// Not on this system.
#[cfg(not(target_os = "linux"))]
pub fn enter_game_namespaces() -> Result<Namespaces, String> {
    Err("namespaces are only available on Linux".into())
}

/// The system's directories a game process reads to run: libraries, the
/// loader's cache, fonts, time zones, locales.
#[cfg(target_os = "linux")]
pub(crate) const SYSTEM_READ: &[&str] = &[
    "/lib",
    "/lib32",
    "/lib64",
    "/usr/lib",
    "/usr/lib32",
    "/usr/lib64",
    "/usr/local/lib",
    "/usr/share/fonts",
    "/usr/local/share/fonts",
    "/usr/share/zoneinfo",
    "/usr/share/locale",
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/fonts",
    "/etc/localtime",
    "/dev/null",
    "/dev/zero",
    "/dev/urandom",
    "/dev/random",
];

/// Confines this process: read-only `game_dir` and the system's
/// [`SYSTEM_READ`], read-write `data_dir` (created first), no programs, no
/// TCP, no signals or abstract sockets outside, then the system-call
/// filter. `namespaces` is what [`enter_game_namespaces`] gave (it must come
/// first, while the process is single-threaded). Must run before any other
/// thread starts, so that every thread is confined.
#[cfg(target_os = "linux")]
pub fn confine(
    game_dir: &Path,
    data_dir: Option<&Path>,
    namespaces: Result<Namespaces, String>,
) -> Result<Sandbox, String> {
    use landlock::{
        ABI, Access, AccessFs, AccessNet, BitFlags, Ruleset, RulesetAttr, RulesetCreatedAttr,
        RulesetStatus, Scope, path_beneath_rules,
    };
    // The rules of Landlock ABI 6 (Linux 6.12): every file access, TCP,
    // and the scopes. An older kernel enforces what it knows.
    let abi = ABI::V6;
    let read: BitFlags<AccessFs> = AccessFs::ReadFile | AccessFs::ReadDir;
    if let Some(data_dir) = data_dir {
        std::fs::create_dir_all(data_dir).map_err(|e| {
            format!(
                "cannot create the game's data directory {}: {e}",
                data_dir.display()
            )
        })?;
    }
    let version = landlock_version();
    let executable = std::env::current_exe().ok();
    let status = Ruleset::default()
        .handle_access(AccessFs::from_all(abi))
        .and_then(|r| r.handle_access(AccessNet::BindTcp | AccessNet::ConnectTcp))
        .and_then(|r| r.scope(Scope::AbstractUnixSocket | Scope::Signal))
        .and_then(|r| r.create())
        .and_then(|r| r.add_rules(path_beneath_rules(SYSTEM_READ, read)))
        .and_then(|r| r.add_rules(path_beneath_rules([game_dir], read)))
        .and_then(|r| r.add_rules(path_beneath_rules(executable.iter(), read)))
        .and_then(|r| {
            r.add_rules(path_beneath_rules(
                data_dir.iter(),
                AccessFs::from_all(abi) & !AccessFs::Execute,
            ))
        })
        .and_then(|r| r.restrict_self())
        .map_err(|e| format!("cannot set up the sandbox: {e}"))?;
    let landlock = match status.ruleset {
        RulesetStatus::FullyEnforced | RulesetStatus::PartiallyEnforced => version,
        RulesetStatus::NotEnforced => version.and(Err(NO_LANDLOCK.into())),
    };
    Ok(Layers {
        landlock,
        seccomp: crate::seccomp::restrict(),
        namespaces,
    }
    .sandbox())
}

/// Why a game is not confined by Landlock on a kernel without it.
const NO_LANDLOCK: &str = "this system's kernel offers no Landlock (Linux 5.13 or later with \
     Landlock built in), so a game can read your files";

/// The kernel's Landlock ABI version, or why it has none.
#[cfg(target_os = "linux")]
fn landlock_version() -> Result<u32, String> {
    /// `LANDLOCK_CREATE_RULESET_VERSION`: ask for the ABI version only.
    const VERSION: libc::c_uint = 1;
    // SAFETY: landlock_create_ruleset with a null attribute pointer, a size
    // of 0 and only the VERSION flag reads and writes no memory: the kernel
    // returns its Landlock ABI version or an error (Landlock's documented
    // way to ask, `man 2 landlock_create_ruleset`).
    let version = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<libc::c_void>(),
            0usize,
            VERSION,
        )
    };
    let error = std::io::Error::last_os_error().raw_os_error();
    from_landlock_version(version, error)
}

/// How games started now would be confined, as the kernel tells it
/// without confining this process (`enabled` is `false` under
/// `--no-sandbox`): what `--list` and the console's About box say. The
/// namespaces are tried in a forked child ([`crate::namespaces::probe`]).
#[cfg(target_os = "linux")]
pub fn on_this_system(enabled: bool) -> Sandbox {
    if !enabled {
        return Sandbox::Off;
    }
    Layers {
        landlock: landlock_version(),
        seccomp: if seccomp_filters_available() {
            Ok(())
        } else {
            Err(NO_SECCOMP.into())
        },
        namespaces: crate::namespaces::probe(),
    }
    .sandbox()
}

/// Why a game is not confined by the system-call filter.
#[cfg(target_os = "linux")]
const NO_SECCOMP: &str = "this system's kernel has no system-call filters (seccomp), so a game \
     could use local sockets and start programs";

/// Whether the kernel filters system calls with the actions the launcher's
/// filter uses (it lists them in `/proc/sys/kernel/seccomp/actions_avail`).
#[cfg(target_os = "linux")]
fn seccomp_filters_available() -> bool {
    std::fs::read_to_string("/proc/sys/kernel/seccomp/actions_avail").is_ok_and(|actions| {
        let actions: Vec<&str> = actions.split_whitespace().collect();
        actions.contains(&"errno") && actions.contains(&"allow")
    })
}

/// How games started now would be confined: not on this system.
#[cfg(not(target_os = "linux"))]
pub fn on_this_system(enabled: bool) -> Sandbox {
    if !enabled {
        return Sandbox::Off;
    }
    Sandbox::Unavailable("game sandboxes are only available on Linux".into())
}

/// The Landlock a kernel answering `version` (with `errno` when
/// negative) to Landlock's version query gives: its ABI version, or why
/// there is none.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn from_landlock_version(version: i64, errno: Option<i32>) -> Result<u32, String> {
    /// `EOPNOTSUPP` on Linux: built in but turned off at boot.
    const TURNED_OFF: i32 = 95;
    match version {
        1.. => Ok(u32::try_from(version).unwrap_or(u32::MAX)),
        _ if errno == Some(TURNED_OFF) => Err(
            "this system's kernel has Landlock turned off (add landlock to its lsm= boot \
             option), so a game can read your files"
                .into(),
        ),
        _ => Err(NO_LANDLOCK.into()),
    }
}

/// The largest file a game process may write: a write past it fails with
/// "File too large" (`EFBIG`) for the game to handle, instead of filling the
/// player's disk through one file (its data directory's quota is watched by
/// the console, `crate::usage`, but only now and then).
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// The most tasks (threads and processes) a game may have (issue 41:
/// 30,000 threads took 1.1 GB of the kernel's memory, outside the memory
/// limit). Two limits hold it: the `pid_max` of the game's PID namespace
/// (Linux 6.14 keeps one per namespace; set by its init,
/// `crate::init`), which binds every player, root included, and holds
/// fewer than this many (after the pids wrap, from 300 up); and
/// `RLIMIT_NPROC`, which Linux counts per user namespace since 5.14, so the
/// game's own tasks, not the player's, set only when the game has a user
/// namespace of its own (it would otherwise count every process of the
/// player), and which does not bind root.
pub const MAX_TASKS: u64 = 1024;

/// The most files a game process may have open at once (`RLIMIT_NOFILE`);
/// it bounds its epoll watches too (each is a pair of open files: issue
/// 41's grew the kernel's unreclaimable memory by 160 MB in 6 s).
pub const MAX_OPEN_FILES: u64 = 256;

/// Limits this process before a game's code runs in it: it ends with the
/// process that started it (which must still be `parent`, when given), its
/// address space is at most `memory_limit` bytes, no file it writes grows
/// past [`MAX_FILE_BYTES`], it has at most [`MAX_OPEN_FILES`] open, and,
/// when it is in a user namespace of its own (`own_users`), its namespace
/// holds at most [`MAX_TASKS`] threads and processes.
pub fn limit_process(
    parent: Option<u32>,
    memory_limit: Option<u64>,
    own_users: bool,
) -> Result<(), String> {
    #[cfg(target_os = "linux")]
    {
        use rustix::process::{Signal, getppid, set_parent_process_death_signal};
        set_parent_process_death_signal(Some(Signal::KILL))
            .map_err(|e| format!("cannot arrange to end with the launcher: {e}"))?;
        // The console may have died before that took effect.
        if let Some(parent) = parent
            && getppid().map(|p| p.as_raw_nonzero().get() as u32) != Some(parent)
        {
            return Err("the launcher that started the game has gone".into());
        }
    }
    #[cfg(unix)]
    if let Some(limit) = memory_limit {
        use rustix::process::{Resource, Rlimit, setrlimit};
        let rlimit = Rlimit {
            current: Some(limit),
            maximum: Some(limit),
        };
        // In MiB, as `--memory-limit` takes it (this module stays below
        // `report`, which words sizes for players).
        setrlimit(Resource::As, rlimit)
            .map_err(|e| format!("cannot limit the game's memory to {} MiB: {e}", limit >> 20))?;
    }
    #[cfg(unix)]
    {
        use rustix::process::{Resource, Rlimit, setrlimit};
        // Past the limit the kernel sends SIGXFSZ, whose default ends the
        // process; ignored, the write fails with EFBIG instead.
        #[cfg(target_os = "linux")]
        // SAFETY: setting a signal's disposition to SIG_IGN installs no
        // handler (no code runs on the signal), before any thread of the
        // game exists.
        unsafe {
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
        }
        // Never raised: the console's quota may have lowered it already
        // (`crate::usage`), as soon as the process was there.
        let most = match rustix::process::getrlimit(Resource::Fsize).maximum {
            Some(hard) => hard.min(MAX_FILE_BYTES),
            None => MAX_FILE_BYTES,
        };
        let rlimit = Rlimit {
            current: Some(most),
            maximum: Some(most),
        };
        setrlimit(Resource::Fsize, rlimit).map_err(|e| {
            format!(
                "cannot limit the game's files to {} MiB: {e}",
                MAX_FILE_BYTES >> 20
            )
        })?;
        let most = |n: u64| Rlimit {
            current: Some(n),
            maximum: Some(n),
        };
        setrlimit(Resource::Nofile, most(MAX_OPEN_FILES))
            .map_err(|e| format!("cannot limit the game's open files to {MAX_OPEN_FILES}: {e}"))?;
        if own_users {
            setrlimit(Resource::Nproc, most(MAX_TASKS)).map_err(|e| {
                format!("cannot limit the game's threads and processes to {MAX_TASKS}: {e}")
            })?;
        }
    }
    let _ = (parent, memory_limit, own_users);
    Ok(())
}

/// The niceness of a game process that checks a game
/// ([`crate::checker`]): low priority, so that a console checking twenty
/// games in the background draws and answers clicks as soon as it would
/// with none.
pub const CHECK_NICENESS: i32 = 10;

/// Confines this process: not on this system.
#[cfg(not(target_os = "linux"))]
pub fn confine(
    _game_dir: &Path,
    _data_dir: Option<&Path>,
    _namespaces: Result<Namespaces, String>,
) -> Result<Sandbox, String> {
    Ok(Sandbox::Unavailable(
        "game sandboxes are only available on Linux".into(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layers(landlock: i64) -> Layers {
        Layers {
            landlock: from_landlock_version(landlock, None),
            seccomp: Ok(()),
            namespaces: Ok(Namespaces {
                uts: true,
                pid: true,
                pid_errno: 0,
                mount: Ok(()),
            }),
        }
    }

    #[test]
    fn the_kernels_landlock_version_says_how_games_are_confined() {
        assert!(matches!(layers(7).sandbox(), Sandbox::Enforced(_)));
        assert!(matches!(layers(6).sandbox(), Sandbox::Enforced(_)));
        assert!(matches!(layers(4).sandbox(), Sandbox::Partial(_)));
        let old = layers(1).sandbox().to_string();
        assert!(
            old.starts_with("partly sandboxed (this system's Landlock (ABI 1) enforces only some"),
            "{old}"
        );
        let off = from_landlock_version(-1, Some(95)).unwrap_err();
        assert!(off.contains("turned off"), "{off}");
        let none = from_landlock_version(-1, Some(38)).unwrap_err();
        assert!(none.contains("offers no Landlock"), "{none}");
    }

    #[test]
    fn every_layer_missing_is_unsandboxed() {
        let none = Layers {
            landlock: from_landlock_version(-1, Some(38)),
            seccomp: Err("no seccomp".into()),
            namespaces: Err("refused".into()),
        }
        .sandbox();
        let note = none.player_note().unwrap();
        assert!(
            note.starts_with("Games run unsandboxed: this system's kernel offers no Landlock"),
            "{note}"
        );
        assert!(note.contains("A game can read your files"), "{note}");
    }

    #[test]
    fn the_player_is_told_unless_games_are_fully_sandboxed() {
        assert_eq!(layers(7).sandbox().player_note(), None);
        let partial = layers(4).sandbox().player_note().unwrap();
        assert!(
            partial.starts_with("Games run partly sandboxed"),
            "{partial}"
        );
        let off = Sandbox::Off.player_note().unwrap();
        assert!(off.contains("--no-sandbox"), "{off}");
    }

    /// The About box and `--list` name each layer that holds, and each
    /// missing one with why.
    #[test]
    fn the_layers_that_hold_are_named_and_the_missing_ones_explained() {
        let all = layers(7).sandbox();
        assert_eq!(
            all.summary(Some(2 << 30)),
            "Games run sandboxed: Landlock ABI 7, seccomp, namespaces (user, PID, network, IPC, \
             UTS, mount), memory limit 2 GiB."
        );
        let about = all.layers();
        assert!(about.starts_with("Landlock ABI 7 (files:"), "{about}");
        assert!(about.contains(", seccomp (no network"), "{about}");
        assert!(
            about.contains(", namespaces: user, PID, network, IPC, UTS, mount (no network at all"),
            "{about}"
        );
        let without = Layers {
            namespaces: Err("this system does not let a user create namespaces".into()),
            ..layers(7)
        }
        .sandbox();
        assert_eq!(
            without.summary(None),
            "Games run partly sandboxed: Landlock ABI 7, seccomp, no memory limit; missing: no \
             namespaces: this system does not let a user create namespaces."
        );
        assert!(
            without.layers().ends_with(
                "; missing: no namespaces: this system does not let a user create namespaces"
            ),
            "{}",
            without.layers()
        );
        // Without a PID namespace alone, the others still hold; it is said.
        let no_pid = Layers {
            namespaces: Ok(Namespaces {
                uts: true,
                pid: false,
                pid_errno: libc_enospc(),
                mount: Err("it needs a PID namespace of its own".into()),
            }),
            ..layers(7)
        }
        .sandbox();
        assert_eq!(
            no_pid.summary(None),
            "Games run partly sandboxed: Landlock ABI 7, seccomp, namespaces (user, network, \
             IPC, UTS), no memory limit; missing: no PID namespace: this system allows no more \
             PID namespaces (/proc/sys/user/max_pid_namespaces is 0, or reached); a game's \
             processes could outlive it; no root of its own: it needs a PID namespace of its \
             own; a game can learn whether any of your files exists, its size and times."
        );
    }

    /// `ENOSPC`, the same on every Linux architecture.
    fn libc_enospc() -> i32 {
        28
    }

    #[test]
    fn off_is_off_whatever_the_kernel() {
        assert_eq!(on_this_system(false), Sandbox::Off);
    }

    /// What this machine has, said by the test (Landlock or not, both are
    /// valid answers; the query itself must not confine this process).
    #[test]
    fn asking_the_kernel_confines_nothing() {
        let status = on_this_system(true);
        println!("this system: games run {status}: {}", status.layers());
        assert!(std::fs::read_dir("/").is_ok());
        assert!(std::net::TcpListener::bind("127.0.0.1:0").is_ok());
        // Still in the system's network namespace: its interfaces are there.
        let dev = std::fs::read_to_string("/proc/net/dev").unwrap();
        let before = dev.lines().count();
        let _ = on_this_system(true);
        let after = std::fs::read_to_string("/proc/net/dev").unwrap();
        assert_eq!(after.lines().count(), before);
    }
}
