// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The exclusive lock of a work directory: one fuzzer run at a time builds in it.
//!
//! Two runs sharing a work directory rewrite each other's batch crates (the same crate names,
//! `batch0`, `batch1`, ..., and the same target directories per job slot): a program of one run
//! compiled into the other's binary, or deleted from under it, is a wrong result of either.
//! A run therefore holds `flock(LOCK_EX)` on `WORK/lock` from its start to its end, and a
//! second run fails at once with the first one's pid and command line (written into the file
//! by its holder). The kernel releases the lock when its holder ends, however it ends: a
//! killed run leaves no stale lock behind.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::fd::AsRawFd;
use std::path::{Path, PathBuf};

/// `flock(2)`'s operations (Linux, every architecture).
const LOCK_EX: i32 = 2;
const LOCK_NB: i32 = 4;

extern "C" {
    /// `flock(2)` of the C library the standard library links.
    fn flock(fd: i32, operation: i32) -> i32;
}

/// A held lock of a work directory; dropping it releases the lock.
#[derive(Debug)]
pub struct WorkLock {
    /// The lock file, open (the lock is on its open file description).
    file: File,
    /// Its path.
    path: PathBuf,
}

impl WorkLock {
    /// The lock file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for WorkLock {
    fn drop(&mut self) {
        // The holder's line goes: a later reader who finds the file empty knows nobody holds it.
        let _ = self.file.set_len(0);
        // Closing the file (after this) releases the lock.
    }
}

/// Takes the exclusive lock of the work directory `work` (created if missing), without
/// waiting: if another run holds it, an error naming that run (pid and command line).
pub fn lock_work(work: &Path) -> Result<WorkLock, String> {
    std::fs::create_dir_all(work).map_err(|e| format!("creating {}: {e}", work.display()))?;
    let path = work.join("lock");
    // Not truncated on opening: the holder's line must stay for the runs that find it locked.
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(|e| format!("opening {}: {e}", path.display()))?;
    // SAFETY: `flock` takes a file descriptor and flags and touches no memory of ours; the
    // descriptor is `file`'s, open for the whole call.
    let r = unsafe { flock(file.as_raw_fd(), LOCK_EX | LOCK_NB) };
    if r != 0 {
        let err = std::io::Error::last_os_error();
        if err.kind() != std::io::ErrorKind::WouldBlock {
            return Err(format!("locking {}: {err}", path.display()));
        }
        return Err(format!(
            "another fuzzer run is using {}: {}; two runs in one work directory rewrite each \
             other's batch crates and target directories. Wait for it to end, or stop \
             that pid",
            work.display(),
            holder(&mut file)
        ));
    }
    let me = format!(
        "pid {}, `{}`\n",
        std::process::id(),
        std::env::args().collect::<Vec<_>>().join(" ")
    );
    let written = file
        .set_len(0)
        .and_then(|()| file.seek(SeekFrom::Start(0)))
        .and_then(|_| file.write_all(me.as_bytes()));
    written.map_err(|e| format!("writing {}: {e}", path.display()))?;
    Ok(WorkLock { file, path })
}

/// The holder's line (`pid N, `command``) of a lock file found locked. Its holder writes it
/// just after taking the lock: an empty file is a holder that has not written it yet.
fn holder(file: &mut File) -> String {
    for _ in 0..20 {
        let mut text = String::new();
        if file.seek(SeekFrom::Start(0)).is_ok() && file.read_to_string(&mut text).is_ok() {
            let line = text.trim();
            if !line.is_empty() {
                return line.to_string();
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    "pid unknown (the lock file names no holder yet)".to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("pin-init-fuzz-lock-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn a_second_lock_of_a_work_directory_fails_naming_the_holder() {
        let work = scratch("second");
        let held = lock_work(&work).expect("the first lock");
        let err = lock_work(&work).expect_err("a second lock while the first is held");
        assert!(
            err.contains(&format!("pid {},", std::process::id())),
            "names the holder's pid: {err}"
        );
        assert!(err.contains("another fuzzer run"), "{err}");
        drop(held);
        // Released: the next run takes it.
        let again = lock_work(&work).expect("the lock after its release");
        assert!(again.path().ends_with("lock"));
        drop(again);
        let _ = std::fs::remove_dir_all(&work);
    }
}
