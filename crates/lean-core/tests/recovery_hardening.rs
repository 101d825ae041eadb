//! Recovery store hardening: unique temp files across instances, threads and processes; a
//! directory that may contain symlinks, FIFOs and crash leftovers; write-behind that never
//! loses an original it returned an id for; a running count of disk use.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Barrier};

use lean_core::error::{Coded, ErrorCode};
use lean_core::hash::xxh3_hex;
use lean_core::recovery::{RecoveryStore, StoreConfig};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "lean-core-hardening-{name}-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn durable(dir: &Path) -> StoreConfig {
    StoreConfig {
        max_entries: 8,
        max_bytes: 1 << 20,
        dir: Some(dir.to_path_buf()),
        disk_budget_bytes: 1 << 30,
    }
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

fn body(writer: &str, i: usize) -> Vec<u8> {
    format!("{writer} item {i}\n{}\n", "x".repeat(i % 97)).into_bytes()
}

/// Every put that returned an id is retrievable by a store that never saw it in memory.
fn assert_all_durable(dir: &Path, expected: &[(String, Vec<u8>)]) {
    let fresh = RecoveryStore::open(durable(dir)).unwrap();
    for (id, original) in expected {
        let got = fresh
            .retrieve(id, 1, usize::MAX)
            .unwrap_or_else(|e| panic!("{id} lost: {e}"));
        assert_eq!(&got.text, original);
    }
    assert!(
        names_in(dir).iter().all(|n| n.ends_with(".blob")),
        "no temp files left: {:?}",
        names_in(dir)
    );
}

#[test]
fn separate_instances_on_one_dir_never_share_temp_files() {
    let dir = temp_dir("instances");
    const WRITERS: usize = 4;
    const PUTS: usize = 150;
    let start = Arc::new(Barrier::new(WRITERS));
    let handles: Vec<_> = (0..WRITERS)
        .map(|w| {
            let dir = dir.clone();
            let start = Arc::clone(&start);
            std::thread::spawn(move || {
                // One store per thread, like one per Node worker: counters of separate
                // instances used to start at 0 together.
                let store = RecoveryStore::open(durable(&dir)).unwrap();
                start.wait();
                let mut done = Vec::new();
                for i in 0..PUTS {
                    let original = body(&format!("writer {w}"), i);
                    let id = store
                        .put(&original)
                        .expect("put never fails on a healthy dir");
                    done.push((id, original));
                }
                store.flush().unwrap();
                done
            })
        })
        .collect();
    let expected: Vec<(String, Vec<u8>)> = handles
        .into_iter()
        .flat_map(|h| h.join().unwrap())
        .collect();
    assert_eq!(expected.len(), WRITERS * PUTS);
    assert_all_durable(&dir, &expected);
    let _ = std::fs::remove_dir_all(dir);
}

/// Child side of `several_processes_share_one_dir`: runs only when spawned by it.
#[test]
fn child_writer_process() {
    let (Ok(dir), Ok(writer)) = (
        std::env::var("LEAN_CORE_CHILD_DIR"),
        std::env::var("LEAN_CORE_CHILD_WRITER"),
    ) else {
        return;
    };
    let store = RecoveryStore::open(durable(Path::new(&dir))).unwrap();
    for i in 0..150 {
        let original = body(&writer, i);
        let id = store.put(&original).unwrap();
        assert_eq!(id, xxh3_hex(&original));
    }
    store.flush().unwrap();
}

#[test]
fn several_processes_share_one_dir() {
    let dir = temp_dir("processes");
    let exe = std::env::current_exe().unwrap();
    let children: Vec<_> = (0..3)
        .map(|p| {
            Command::new(&exe)
                .args(["--exact", "child_writer_process", "--test-threads=1"])
                .env("LEAN_CORE_CHILD_DIR", &dir)
                .env("LEAN_CORE_CHILD_WRITER", format!("process {p}"))
                .spawn()
                .unwrap()
        })
        .collect();
    for mut child in children {
        assert!(child.wait().unwrap().success());
    }
    let expected: Vec<(String, Vec<u8>)> = (0..3)
        .flat_map(|p| {
            (0..150).map(move |i| {
                let original = body(&format!("process {p}"), i);
                (xxh3_hex(&original), original)
            })
        })
        .collect();
    assert_all_durable(&dir, &expected);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn empty_dir_is_an_invalid_argument() {
    let err = RecoveryStore::open(StoreConfig {
        dir: Some(PathBuf::new()),
        ..Default::default()
    })
    .err()
    .expect("an empty dir must be refused");
    assert_eq!(err.code(), ErrorCode::InvalidArgument);
    assert!(err.to_string().starts_with("INVALID_ARGUMENT: "), "{err}");
}

#[cfg(unix)]
fn make_fifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(status.success());
}

#[cfg(unix)]
#[test]
fn a_fifo_named_like_a_blob_is_not_an_original() {
    let dir = temp_dir("fifo");
    let id = xxh3_hex(b"never stored\n");
    make_fifo(&dir.join(format!("{id}.blob")));
    let store = RecoveryStore::open(durable(&dir)).unwrap();
    // Run on a thread so a regression fails the test instead of hanging the suite.
    let (sender, receiver) = std::sync::mpsc::channel();
    let probe = Arc::new(store);
    let reader = Arc::clone(&probe);
    std::thread::spawn(move || {
        let contains = reader.contains(&id);
        let got = reader.retrieve(&id, 1, 1).map(|r| r.text);
        let _ = sender.send((contains, got));
    });
    let (contains, got) = receiver
        .recv_timeout(std::time::Duration::from_secs(20))
        .expect("retrieve must not block on a FIFO");
    assert!(!contains);
    assert_eq!(got.unwrap_err().code(), ErrorCode::RecoveryExpired);
    assert_eq!(probe.stats().disk_entries, 0);
    let _ = std::fs::remove_dir_all(dir);
}

#[cfg(unix)]
#[test]
fn symlinks_in_the_dir_are_never_followed() {
    let dir = temp_dir("symlink-read");
    let outside = temp_dir("symlink-outside");
    // A symlink named like a blob, pointing at a file whose content matches the id.
    let original = b"secret outside the store\n";
    let id = xxh3_hex(original);
    std::fs::write(outside.join("target"), original).unwrap();
    std::os::unix::fs::symlink(outside.join("target"), dir.join(format!("{id}.blob"))).unwrap();
    let store = RecoveryStore::open(durable(&dir)).unwrap();
    assert!(!store.contains(&id));
    assert_eq!(
        store.retrieve(&id, 1, 1).unwrap_err().code(),
        ErrorCode::RecoveryExpired
    );
    assert_eq!(store.stats().disk_entries, 0, "a symlink is not a blob");
    let _ = std::fs::remove_dir_all(dir);
    let _ = std::fs::remove_dir_all(outside);
}

#[cfg(unix)]
#[test]
fn a_planted_symlink_cannot_redirect_a_write() {
    let dir = temp_dir("symlink-write");
    let outside = temp_dir("symlink-victim");
    let victim = outside.join("victim");
    std::fs::write(&victim, b"untouched").unwrap();
    let original = b"the real original\n".to_vec();
    let id = xxh3_hex(&original);
    // Symlinks at the blob name and at every temp name this process could pick.
    std::os::unix::fs::symlink(&victim, dir.join(format!("{id}.blob"))).unwrap();
    for n in 0..64 {
        let name = format!(".tmp-{}-{n}", std::process::id());
        std::os::unix::fs::symlink(&victim, dir.join(name)).unwrap();
    }
    let store = RecoveryStore::open(durable(&dir)).unwrap();
    assert_eq!(store.put(&original).unwrap(), id);
    store.flush().unwrap();
    assert_eq!(std::fs::read(&victim).unwrap(), b"untouched");
    let blob = dir.join(format!("{id}.blob"));
    assert!(std::fs::symlink_metadata(&blob)
        .unwrap()
        .file_type()
        .is_file());
    let fresh = RecoveryStore::open(durable(&dir)).unwrap();
    assert_eq!(fresh.retrieve(&id, 1, 10).unwrap().text, original);
    let _ = std::fs::remove_dir_all(dir);
    let _ = std::fs::remove_dir_all(outside);
}

/// Temp files as a crashed writer leaves them: old, or owned by a process that is gone.
#[test]
fn stale_temp_files_are_removed_on_open_and_live_ones_counted() {
    let dir = temp_dir("stale");
    let dead_pid = {
        let mut child = Command::new("true").spawn().unwrap();
        let pid = child.id();
        child.wait().unwrap();
        pid
    };
    std::fs::write(dir.join(format!(".tmp-{dead_pid}-0")), vec![b'x'; 1000]).unwrap();
    let ours_but_old = dir.join(format!(".tmp-{}-7", std::process::id()));
    let old = std::fs::File::create(&ours_but_old).unwrap();
    old.set_len(2000).unwrap();
    old.set_modified(std::time::SystemTime::now() - std::time::Duration::from_secs(3600))
        .unwrap();
    drop(old);
    // A fresh temp of a live writer (pid 1 always runs) is left alone but counted.
    std::fs::write(dir.join(".tmp-1-0"), vec![b'y'; 300]).unwrap();
    let blob = b"kept\n";
    std::fs::write(dir.join(format!("{}.blob", xxh3_hex(blob))), blob).unwrap();

    let store = RecoveryStore::open(durable(&dir)).unwrap();
    let stats = store.stats();
    assert_eq!(stats.stale_temps_removed, 2);
    assert_eq!(stats.disk_entries, 1);
    assert_eq!(stats.disk_bytes, 300 + blob.len() as u64);
    let mut expected = vec![".tmp-1-0".to_string(), format!("{}.blob", xxh3_hex(blob))];
    expected.sort();
    assert_eq!(names_in(&dir), expected);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn temp_files_count_against_the_disk_budget() {
    let dir = temp_dir("stale-budget");
    std::fs::write(dir.join(".tmp-1-0"), vec![b'y'; 300]).unwrap();
    let store = RecoveryStore::open(StoreConfig {
        disk_budget_bytes: 400,
        ..durable(&dir)
    })
    .unwrap();
    let first = store.put(&[b'a'; 60]).unwrap();
    let second = store.put(&[b'b'; 60]).unwrap();
    store.flush().unwrap();
    // 300 + 60 + 60 > 400: the oldest blob goes, the newest stays.
    let on_disk = |id: &str| dir.join(format!("{id}.blob")).exists();
    assert!(!on_disk(&first) && on_disk(&second));
    assert_eq!(store.stats().disk_bytes, 360);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn accepted_originals_stay_retrievable_until_their_blob_is_durable() {
    let dir = temp_dir("write-behind");
    let store = RecoveryStore::open(StoreConfig {
        max_entries: 1,
        ..durable(&dir)
    })
    .unwrap();
    store.flush().unwrap();
    let originals: Vec<Vec<u8>> = (0..10).map(|i| body("behind", i)).collect();
    let ids: Vec<String> = {
        let _hold = store.hold_writes();
        let ids: Vec<String> = originals.iter().map(|o| store.put(o).unwrap()).collect();
        // The LRU keeps one entry, nothing is on disk yet: the queue answers.
        assert_eq!(store.stats().entries, 1);
        assert_eq!(store.stats().pending_writes, 10);
        assert!(names_in(&dir).is_empty());
        for (id, original) in ids.iter().zip(&originals) {
            assert!(store.contains(id));
            assert_eq!(&store.retrieve(id, 1, 100).unwrap().text, original);
        }
        ids
    };
    store.flush().unwrap();
    let stats = store.stats();
    assert_eq!((stats.pending_writes, stats.pending_bytes), (0, 0));
    assert_eq!(stats.disk_entries, 10);
    let total: usize = originals.iter().map(Vec::len).sum();
    assert_eq!(stats.disk_bytes, total as u64);
    let expected: Vec<(String, Vec<u8>)> = ids.into_iter().zip(originals).collect();
    assert_all_durable(&dir, &expected);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn disk_use_is_a_running_count_not_a_listing() {
    let dir = temp_dir("running-count");
    let store = RecoveryStore::open(durable(&dir)).unwrap();
    store.put(b"one\n").unwrap();
    store.flush().unwrap();
    // A blob that appears behind the store's back is not seen until the next open: stats
    // and writes never list the directory.
    let planted = b"planted\n";
    std::fs::write(dir.join(format!("{}.blob", xxh3_hex(planted))), planted).unwrap();
    store.put(b"two\n").unwrap();
    store.flush().unwrap();
    assert_eq!(store.stats().disk_entries, 2);
    assert_eq!(store.stats().disk_bytes, 8);
    assert_eq!(
        RecoveryStore::open(durable(&dir))
            .unwrap()
            .stats()
            .disk_entries,
        3
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_failed_write_keeps_the_original_in_memory_and_is_reported() {
    let dir = temp_dir("write-failure");
    let store = RecoveryStore::open(durable(&dir)).unwrap();
    store.flush().unwrap();
    // The directory disappears under the store (a user cleaning up, a full disk).
    std::fs::remove_dir_all(&dir).unwrap();
    let original = b"cannot be written\n".to_vec();
    let id = store.put(&original).unwrap();
    let err = store.flush().unwrap_err();
    assert_eq!(err.code(), ErrorCode::RecoveryIo);
    assert!(err.to_string().starts_with("RECOVERY_IO: "), "{err}");
    assert_eq!(store.stats().write_failures, 1);
    assert_eq!(store.retrieve(&id, 1, 10).unwrap().text, original);
    // Reported once.
    store.flush().unwrap();
}

#[test]
fn a_planted_blob_of_the_right_size_but_wrong_bytes_is_replaced() {
    let dir = temp_dir("tampered");
    let original = b"the genuine original\n".to_vec();
    let id = xxh3_hex(&original);
    std::fs::write(dir.join(format!("{id}.blob")), vec![b'x'; original.len()]).unwrap();
    let store = RecoveryStore::open(durable(&dir)).unwrap();
    store.put(&original).unwrap();
    store.flush().unwrap();
    let fresh = RecoveryStore::open(durable(&dir)).unwrap();
    assert_eq!(fresh.retrieve(&id, 1, 10).unwrap().text, original);
    let _ = std::fs::remove_dir_all(dir);
}
