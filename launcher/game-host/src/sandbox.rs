//! The game process's sandbox on Linux: Landlock for files and TCP, then a
//! system-call filter ([`crate::seccomp`]) for everything else, applied
//! before the game's library is loaded, to the whole process for the rest
//! of its life.
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
//! Where the kernel has no Landlock, the game runs unsandboxed and says so
//! ([`Sandbox::Unavailable`]); the console tells the player once.

use serde::{Deserialize, Serialize};
use std::path::Path;

/// How a game process is confined.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Sandbox {
    /// Every restriction above is enforced.
    Enforced,
    /// Only some are, for the reason given: the kernel's Landlock is older
    /// than the launcher's rules (for example without network rules, before
    /// Linux 6.7), or it has no system-call filters.
    Partial(String),
    /// None are: the kernel has no Landlock, or it is turned off.
    Unavailable(String),
    /// The console turned the sandbox off (`--no-sandbox`).
    Off,
}

impl std::fmt::Display for Sandbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Sandbox::Enforced => write!(f, "sandboxed"),
            Sandbox::Partial(why) => write!(f, "partly sandboxed ({why})"),
            Sandbox::Unavailable(why) => write!(f, "unsandboxed ({why})"),
            Sandbox::Off => write!(f, "unsandboxed (turned off with --no-sandbox)"),
        }
    }
}

impl Sandbox {
    /// Which layers hold, for the About box: each layer with what it
    /// takes away, or why the sandbox is short of them.
    pub fn layers(&self) -> String {
        match self {
            Sandbox::Enforced => format!(
                "Landlock (files: its own folder read-only, its data folder; no TCP; no signals \
                 out) and a system-call filter (seccomp: {})",
                crate::seccomp::REFUSED
            ),
            Sandbox::Partial(why) => format!("partial: {why}"),
            Sandbox::Unavailable(why) => format!("none: {why}"),
            Sandbox::Off => "none: turned off with --no-sandbox".into(),
        }
    }

    /// What the player should be told once about it, if anything: `None`
    /// when games are fully sandboxed.
    pub fn player_note(&self) -> Option<String> {
        match self {
            Sandbox::Enforced => None,
            Sandbox::Partial(why) => Some(format!(
                "Games run partly sandboxed: {why} (a newer kernel enforces them all)."
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

/// The system's directories a game process reads to run: libraries, the
/// loader's cache, fonts, time zones, locales.
#[cfg(target_os = "linux")]
const SYSTEM_READ: &[&str] = &[
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
/// TCP, no signals or abstract sockets outside. Must run before any other
/// thread starts, so that every thread is confined.
#[cfg(target_os = "linux")]
pub fn confine(game_dir: &Path, data_dir: Option<&Path>) -> Result<Sandbox, String> {
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
    let files = match status.ruleset {
        RulesetStatus::FullyEnforced => Sandbox::Enforced,
        RulesetStatus::PartiallyEnforced => Sandbox::Partial(OLD_LANDLOCK.into()),
        RulesetStatus::NotEnforced => {
            Sandbox::Unavailable("this system's kernel offers no Landlock".into())
        }
    };
    Ok(match (files, crate::seccomp::restrict()) {
        (files, Ok(())) => files,
        (Sandbox::Enforced | Sandbox::Partial(_), Err(why)) => Sandbox::Partial(why),
        (files, Err(_)) => files,
    })
}

/// Why a sandbox is partial on a kernel whose Landlock predates the
/// launcher's rules.
const OLD_LANDLOCK: &str = "this system's Landlock enforces only some of the launcher's rules";

/// How games started now would be confined, as the kernel tells it
/// without confining anything (`enabled` is `false` under `--no-sandbox`):
/// what `--list` and the console's About box say.
#[cfg(target_os = "linux")]
pub fn on_this_system(enabled: bool) -> Sandbox {
    if !enabled {
        return Sandbox::Off;
    }
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
    match from_landlock_version(version, error) {
        Sandbox::Enforced if !seccomp_filters_available() => Sandbox::Partial(
            "this system's kernel has no system-call filters (seccomp), so a game could use \
             sockets and start programs"
                .into(),
        ),
        files => files,
    }
}

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

/// The sandbox a kernel answering `version` (with `errno` when negative)
/// to Landlock's version query gives: every rule from ABI 6, only some
/// before (TCP rules came with 4, scopes with 6).
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn from_landlock_version(version: i64, errno: Option<i32>) -> Sandbox {
    /// `EOPNOTSUPP` on Linux: built in but turned off at boot.
    const TURNED_OFF: i32 = 95;
    match version {
        6.. => Sandbox::Enforced,
        1..=5 => Sandbox::Partial(OLD_LANDLOCK.into()),
        _ if errno == Some(TURNED_OFF) => Sandbox::Unavailable(
            "this system's kernel has Landlock turned off; add landlock to its lsm= boot option"
                .into(),
        ),
        _ => Sandbox::Unavailable(
            "this system's kernel offers no Landlock (Linux 5.13 or later with Landlock built in)"
                .into(),
        ),
    }
}

/// Limits this process before a game's code runs in it: it ends with the
/// process that started it (which must still be `parent`, when given), and
/// its address space is at most `memory_limit` bytes.
pub fn limit_process(parent: Option<u32>, memory_limit: Option<u64>) -> Result<(), String> {
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
    let _ = (parent, memory_limit);
    Ok(())
}

/// The niceness of a process that checks a game: low priority, so that a
/// console checking twenty games in the background draws and answers
/// clicks as soon as it would with none.
pub const CHECK_NICENESS: i32 = 10;

/// Confines the process that checks a game (`plt-games --probe-library`)
/// as a game process is before the library is loaded: its memory limited
/// to `memory_limit` bytes, and, when `sandbox`, read-only access to the
/// game's directory and the system, no data directory, no network. It
/// ends with its parent, and runs at [`CHECK_NICENESS`].
pub fn confine_check(
    library: &Path,
    memory_limit: Option<u64>,
    sandbox: bool,
) -> Result<Sandbox, String> {
    // A check is background work: it yields the processors to the console
    // (and to the games being played) whenever they want them.
    #[cfg(unix)]
    let _ = rustix::process::setpriority_process(None, CHECK_NICENESS);
    limit_process(None, memory_limit)?;
    if !sandbox {
        return Ok(Sandbox::Off);
    }
    confine(library.parent().unwrap_or(Path::new(".")), None)
}

/// Confines this process: not on this system.
#[cfg(not(target_os = "linux"))]
pub fn confine(_game_dir: &Path, _data_dir: Option<&Path>) -> Result<Sandbox, String> {
    Ok(Sandbox::Unavailable(
        "game sandboxes are only available on Linux".into(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kernels_landlock_version_says_how_games_are_confined() {
        assert_eq!(from_landlock_version(7, None), Sandbox::Enforced);
        assert_eq!(from_landlock_version(6, None), Sandbox::Enforced);
        assert!(matches!(
            from_landlock_version(4, None),
            Sandbox::Partial(_)
        ));
        assert!(matches!(
            from_landlock_version(1, None),
            Sandbox::Partial(_)
        ));
        let off = from_landlock_version(-1, Some(95)).to_string();
        assert!(
            off.starts_with("unsandboxed (") && off.contains("turned off"),
            "{off}"
        );
        let none = from_landlock_version(-1, Some(38)).to_string();
        assert!(none.contains("offers no Landlock"), "{none}");
    }

    #[test]
    fn the_player_is_told_unless_games_are_fully_sandboxed() {
        assert_eq!(Sandbox::Enforced.player_note(), None);
        let none = from_landlock_version(-1, Some(38)).player_note().unwrap();
        assert!(
            none.starts_with("Games run unsandboxed: this system's kernel offers no Landlock"),
            "{none}"
        );
        assert!(none.contains("A game can read your files"), "{none}");
        let partial = from_landlock_version(4, None).player_note().unwrap();
        assert!(
            partial.starts_with("Games run partly sandboxed"),
            "{partial}"
        );
        let off = Sandbox::Off.player_note().unwrap();
        assert!(off.contains("--no-sandbox"), "{off}");
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
        println!("this system: games run {status}");
        assert!(std::fs::read_dir("/").is_ok());
        assert!(std::net::TcpListener::bind("127.0.0.1:0").is_ok());
    }
}
