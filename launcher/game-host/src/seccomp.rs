//! The game process's system-call filter (seccomp-bpf, Linux): an allow
//! list of what a game needs to compute, draw through its pipe and use its
//! files (which Landlock confines), applied to every thread before the
//! game's library is loaded, for the rest of the process's life.
//!
//! Refused with `EPERM` (the game sees an error, the console nothing):
//! every socket (TCP, UDP, Unix sockets by path or abstract: the X server,
//! D-Bus and accessibility buses included), running programs (`execve`,
//! `execveat`, so `fexecve` of a memory file too), new processes (`fork`,
//! `vfork`, a `clone` that is not a thread), anything aimed at another
//! process (`kill`, `tgkill`, `prlimit64`, `setpriority`,
//! `sched_setaffinity` and the scheduler calls are allowed only on the game
//! process itself: no probing which pids exist), `ptrace` and reading other
//! processes' memory, `mount`, `unshare`, `setns`, keyrings, `bpf`,
//! `perf_event_open`, `io_uring`, `userfaultfd`, and terminal input
//! injection (`ioctl` is limited to a few harmless requests), and every
//! change of a file's metadata (issue 41: Landlock does not cover it, and
//! one click set the player's private key to mode 666 with a 1970 time
//! stamp): `chmod`, `chown`, times (`utimensat`, `utimes`) and extended
//! attributes, in every form (by path, `*at`, by descriptor `f*`). The
//! filter cannot tell where a file is, so they are refused in the game's
//! data directory too; no game needs them (the files it creates get their
//! mode from `open`). `fallocate` is allowed only in the form that grows
//! the file's length, which the file size limit stops (`FALLOC_FL_KEEP_SIZE`
//! gave a file of length 0 a gigabyte). `clone3` is
//! answered `ENOSYS`: its flags are out of a filter's reach, and the C
//! library then starts threads with `clone`, which the filter can check.
//!
//! Without new processes, the game's limits (memory, processes) hold for
//! the whole game, and nothing the game starts outlives it.

/// What a process that applied [`restrict`] may not do, in a player's
/// words, for the About box and the manual.
pub const REFUSED: &str = "no network or local sockets, no programs, no new processes, \
     nothing done to other processes, no file's permissions, owner or times changed";

/// Applies the filter to every thread of this process. Fails on a kernel
/// without seccomp filters (then the game process says so and runs only
/// with the rest of its sandbox).
#[cfg(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
))]
pub fn restrict() -> Result<(), String> {
    use seccompiler::{BpfProgram, SeccompAction, SeccompFilter};
    let arch = std::env::consts::ARCH.try_into().map_err(|e| {
        format!(
            "cannot filter system calls on {}: {e:?}",
            std::env::consts::ARCH
        )
    })?;
    let allow: BpfProgram = SeccompFilter::new(
        allowed(std::process::id()),
        SeccompAction::Errno(libc::EPERM as u32),
        SeccompAction::Allow,
        arch,
    )
    .and_then(TryInto::try_into)
    .map_err(|e| format!("cannot build the system-call filter: {e}"))?;
    // Installed second, so looked at first: of two errors, the first seen
    // is returned, and `clone3` must say "not implemented", not "refused",
    // for the C library to fall back to `clone`.
    let no_clone3: BpfProgram = SeccompFilter::new(
        [(libc::SYS_clone3, Vec::new())].into_iter().collect(),
        SeccompAction::Allow,
        SeccompAction::Errno(libc::ENOSYS as u32),
        arch,
    )
    .and_then(TryInto::try_into)
    .map_err(|e| format!("cannot build the system-call filter: {e}"))?;
    for program in [&allow, &no_clone3] {
        seccompiler::apply_filter_all_threads(program)
            .map_err(|e| format!("cannot filter the game's system calls: {e}"))?;
    }
    Ok(())
}

/// Not on this system.
#[cfg(not(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
)))]
pub fn restrict() -> Result<(), String> {
    Err("system-call filters are only available on Linux (x86-64, AArch64)".into())
}

/// The allowed calls, with the conditions on their arguments where they
/// could reach beyond the process `own_pid`.
#[cfg(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
))]
fn allowed(own_pid: u32) -> std::collections::BTreeMap<i64, Vec<seccompiler::SeccompRule>> {
    use seccompiler::{SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompRule};
    let arg_is = |index: u8, op: SeccompCmpOp, value: u64| {
        SeccompRule::new(vec![
            SeccompCondition::new(index, SeccompCmpArgLen::Qword, op, value)
                .expect("a valid condition"),
        ])
        .expect("a rule with a condition")
    };
    let dword_is = |index: u8, value: u64| {
        SeccompRule::new(vec![
            SeccompCondition::new(index, SeccompCmpArgLen::Dword, SeccompCmpOp::Eq, value)
                .expect("a valid condition"),
        ])
        .expect("a rule with a condition")
    };
    let own = u64::from(own_pid);
    // A pid argument that is this process (0 means "the caller" where the
    // call allows it).
    let this_process = |index: u8| vec![dword_is(index, 0), dword_is(index, own)];
    let anything = Vec::new;

    let mut rules: Vec<(i64, Vec<SeccompRule>)> = Vec::new();
    // Memory.
    for call in [
        libc::SYS_brk,
        libc::SYS_mmap,
        libc::SYS_munmap,
        libc::SYS_mremap,
        libc::SYS_mprotect,
        libc::SYS_madvise,
        libc::SYS_msync,
        libc::SYS_mincore,
        libc::SYS_membarrier,
    ] {
        rules.push((call, anything()));
    }
    // Threads, signals and waiting.
    for call in [
        libc::SYS_futex,
        libc::SYS_set_robust_list,
        libc::SYS_get_robust_list,
        libc::SYS_rseq,
        libc::SYS_set_tid_address,
        libc::SYS_sched_yield,
        libc::SYS_gettid,
        libc::SYS_getpid,
        libc::SYS_getppid,
        libc::SYS_exit,
        libc::SYS_exit_group,
        libc::SYS_restart_syscall,
        libc::SYS_rt_sigreturn,
        libc::SYS_rt_sigaction,
        libc::SYS_rt_sigprocmask,
        libc::SYS_rt_sigtimedwait,
        libc::SYS_sigaltstack,
        libc::SYS_getcpu,
        libc::SYS_getrandom,
    ] {
        rules.push((call, anything()));
    }
    // A new thread, never a new process.
    rules.push((
        libc::SYS_clone,
        vec![arg_is(
            0,
            SeccompCmpOp::MaskedEq(libc::CLONE_THREAD as u64),
            libc::CLONE_THREAD as u64,
        )],
    ));
    // Signals to itself only (abort and panics raise one).
    rules.push((libc::SYS_kill, vec![dword_is(0, own)]));
    rules.push((libc::SYS_tgkill, vec![dword_is(0, own)]));
    // Its own limits, priority and processors only.
    rules.push((libc::SYS_prlimit64, this_process(0)));
    // `PRIO_PROCESS` (0) of the caller (0): not its process group, not
    // every process of the player (`PRIO_USER`), the console among them.
    let this_priority = || {
        vec![
            SeccompRule::new(vec![
                SeccompCondition::new(0, SeccompCmpArgLen::Dword, SeccompCmpOp::Eq, 0)
                    .expect("a valid condition"),
                SeccompCondition::new(1, SeccompCmpArgLen::Dword, SeccompCmpOp::Eq, 0)
                    .expect("a valid condition"),
            ])
            .expect("a rule with conditions"),
        ]
    };
    rules.push((libc::SYS_getpriority, this_priority()));
    rules.push((libc::SYS_setpriority, this_priority()));
    for call in [
        libc::SYS_sched_getaffinity,
        libc::SYS_sched_setaffinity,
        libc::SYS_sched_getparam,
        libc::SYS_sched_getscheduler,
    ] {
        rules.push((call, this_process(0)));
    }
    // Naming its threads and memory maps; and restricting itself further
    // (the second filter below is installed through the first).
    rules.push((
        libc::SYS_prctl,
        [
            libc::PR_SET_NAME,
            libc::PR_GET_NAME,
            0x5356_4d41, // PR_SET_VMA
            libc::PR_SET_NO_NEW_PRIVS,
            libc::PR_GET_NO_NEW_PRIVS,
        ]
        .into_iter()
        .map(|option| dword_is(0, option as u64))
        .collect(),
    ));
    rules.push((
        libc::SYS_seccomp,
        vec![dword_is(0, u64::from(libc::SECCOMP_SET_MODE_FILTER))],
    ));
    // Time.
    for call in [
        libc::SYS_clock_gettime,
        libc::SYS_clock_getres,
        libc::SYS_clock_nanosleep,
        libc::SYS_nanosleep,
        libc::SYS_gettimeofday,
        libc::SYS_times,
        libc::SYS_getrusage,
    ] {
        rules.push((call, anything()));
    }
    // Files (which files, Landlock decides), pipes and waiting on them.
    for call in [
        libc::SYS_openat,
        libc::SYS_close,
        libc::SYS_close_range,
        libc::SYS_read,
        libc::SYS_write,
        libc::SYS_readv,
        libc::SYS_writev,
        libc::SYS_pread64,
        libc::SYS_pwrite64,
        libc::SYS_preadv,
        libc::SYS_pwritev,
        libc::SYS_lseek,
        libc::SYS_fstat,
        libc::SYS_newfstatat,
        libc::SYS_statx,
        libc::SYS_fstatfs,
        libc::SYS_statfs,
        libc::SYS_getdents64,
        libc::SYS_readlinkat,
        libc::SYS_faccessat,
        libc::SYS_faccessat2,
        libc::SYS_mkdirat,
        libc::SYS_unlinkat,
        libc::SYS_renameat,
        libc::SYS_renameat2,
        libc::SYS_fsync,
        libc::SYS_fdatasync,
        libc::SYS_ftruncate,
        libc::SYS_flock,
        libc::SYS_fcntl,
        libc::SYS_umask,
        libc::SYS_getcwd,
        libc::SYS_dup,
        libc::SYS_dup3,
        libc::SYS_pipe2,
        libc::SYS_ppoll,
        libc::SYS_pselect6,
        libc::SYS_epoll_create1,
        libc::SYS_epoll_ctl,
        libc::SYS_epoll_pwait,
        libc::SYS_eventfd2,
        libc::SYS_uname,
        libc::SYS_sysinfo,
        libc::SYS_getuid,
        libc::SYS_geteuid,
        libc::SYS_getgid,
        libc::SYS_getegid,
        libc::SYS_getresuid,
        libc::SYS_getresgid,
        libc::SYS_getgroups,
    ] {
        rules.push((call, anything()));
    }
    // Space for a file only as it grows (mode 0), which `RLIMIT_FSIZE`
    // stops: `FALLOC_FL_KEEP_SIZE` gave a file of length 0 a gigabyte past
    // it, unseen by a quota of lengths (issue 41).
    rules.push((libc::SYS_fallocate, vec![dword_is(1, 0)]));
    // A few harmless device requests (is it a terminal, how much to read,
    // blocking or not, close on exec); never TIOCSTI, which types into the
    // player's terminal.
    rules.push((
        libc::SYS_ioctl,
        [libc::TCGETS, libc::FIONREAD, libc::FIONBIO, libc::FIOCLEX]
            .into_iter()
            // The request's type differs between C libraries (`c_ulong`
            // here, `c_int` on musl): the cast is not always a no-op.
            .map(
                #[allow(clippy::unnecessary_cast)]
                |request| dword_is(1, request as u64),
            )
            .collect(),
    ));
    #[cfg(target_arch = "x86_64")]
    for call in [
        libc::SYS_arch_prctl,
        libc::SYS_open,
        libc::SYS_stat,
        libc::SYS_lstat,
        libc::SYS_access,
        libc::SYS_readlink,
        libc::SYS_mkdir,
        libc::SYS_rmdir,
        libc::SYS_unlink,
        libc::SYS_rename,
        libc::SYS_pipe,
        libc::SYS_poll,
        libc::SYS_select,
        libc::SYS_dup2,
        libc::SYS_epoll_wait,
        libc::SYS_time,
        libc::SYS_getrlimit,
        libc::SYS_setrlimit,
    ] {
        rules.push((call, anything()));
    }
    rules.into_iter().collect()
}

#[cfg(all(
    test,
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
))]
mod tests {
    use super::*;

    /// The filter compiles for this machine, and none of what it must
    /// refuse slipped into the allow list.
    #[test]
    fn the_allow_list_leaves_out_what_a_hostile_game_would_use() {
        let allowed = allowed(1234);
        for refused in [
            libc::SYS_socket,
            libc::SYS_socketpair,
            libc::SYS_connect,
            libc::SYS_sendto,
            libc::SYS_sendmsg,
            libc::SYS_execve,
            libc::SYS_execveat,
            libc::SYS_clone3,
            libc::SYS_ptrace,
            libc::SYS_process_vm_readv,
            libc::SYS_process_vm_writev,
            libc::SYS_mount,
            libc::SYS_unshare,
            libc::SYS_setns,
            libc::SYS_keyctl,
            libc::SYS_add_key,
            libc::SYS_bpf,
            libc::SYS_perf_event_open,
            libc::SYS_io_uring_setup,
            libc::SYS_userfaultfd,
            libc::SYS_memfd_create,
            libc::SYS_pidfd_open,
            libc::SYS_pidfd_send_signal,
            libc::SYS_tkill,
            // A file's metadata (issue 41).
            libc::SYS_fchmod,
            libc::SYS_fchmodat,
            452, // fchmodat2 (Linux 6.6): new calls have one number on every architecture
            libc::SYS_fchown,
            libc::SYS_fchownat,
            libc::SYS_utimensat,
            libc::SYS_setxattr,
            libc::SYS_lsetxattr,
            libc::SYS_fsetxattr,
            463, // setxattrat (Linux 6.13)
            libc::SYS_removexattr,
            libc::SYS_lremovexattr,
            libc::SYS_fremovexattr,
            466, // removexattrat (Linux 6.13)
        ] {
            assert!(!allowed.contains_key(&refused), "syscall {refused} allowed");
        }
        #[cfg(target_arch = "x86_64")]
        for refused in [
            libc::SYS_fork,
            libc::SYS_vfork,
            libc::SYS_chmod,
            libc::SYS_chown,
            libc::SYS_lchown,
            libc::SYS_utime,
            libc::SYS_utimes,
            libc::SYS_futimesat,
        ] {
            assert!(!allowed.contains_key(&refused), "syscall {refused} allowed");
        }
        // Conditional: only on itself, only threads.
        for conditional in [
            libc::SYS_kill,
            libc::SYS_tgkill,
            libc::SYS_prlimit64,
            libc::SYS_setpriority,
            libc::SYS_sched_setaffinity,
            libc::SYS_clone,
            libc::SYS_ioctl,
            libc::SYS_prctl,
            libc::SYS_fallocate,
        ] {
            assert!(
                !allowed[&conditional].is_empty(),
                "syscall {conditional} allowed without a condition"
            );
        }
        let arch = std::env::consts::ARCH.try_into().unwrap();
        let filter = seccompiler::SeccompFilter::new(
            allowed,
            seccompiler::SeccompAction::Errno(libc::EPERM as u32),
            seccompiler::SeccompAction::Allow,
            arch,
        )
        .unwrap();
        let program: seccompiler::BpfProgram = filter.try_into().unwrap();
        assert!(program.len() < 4096, "{} instructions", program.len());
    }
}
