//! Scanning cost on deep trees: a chain of nested directories scans in time linear in its depth
//! (each directory is recognised by its identity, not by resolving every ancestor again), and
//! the walk still finds the skill at the bottom and still stops at symlink loops.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use lean_core::skills::{scan_skill_dirs, DEFAULT_MAX_SOURCE_BYTES};

/// A fresh directory under the system temp dir, removed on drop. Short names: a chain 2,000
/// deep must stay under PATH_MAX (4,096 bytes) with one-letter components.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        let path = std::env::temp_dir().join(format!("lc-d{}-{tag}", std::process::id()));
        let _ = fs::remove_dir_all(&path);
        fs::create_dir_all(&path).unwrap();
        TempDir(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// `root/a/a/.../a` (`depth` levels) with a skill at the bottom; returns the bottom directory.
fn chain(root: &Path, depth: usize) -> PathBuf {
    let mut bottom = root.to_path_buf();
    for _ in 0..depth {
        bottom.push("a");
    }
    fs::create_dir_all(&bottom).unwrap();
    fs::write(
        bottom.join("SKILL.md"),
        "---\nname: deep\ndescription: at the bottom of the chain\n---\nbody\n",
    )
    .unwrap();
    bottom
}

/// Best of three scans of `root`, checking each finds exactly the skill at `bottom`.
fn best_scan(root: &Path, bottom: &Path) -> Duration {
    (0..3)
        .map(|_| {
            let started = Instant::now();
            let (skills, diagnostics) =
                scan_skill_dirs(&[root.to_path_buf()], DEFAULT_MAX_SOURCE_BYTES);
            let took = started.elapsed();
            assert!(diagnostics.is_empty(), "{diagnostics:?}");
            assert_eq!(skills.len(), 1);
            assert_eq!(skills[0].name, "deep");
            assert_eq!(skills[0].base_dir.as_deref(), Some(bottom));
            took
        })
        .min()
        .unwrap()
}

#[test]
fn scan_depth_is_linear() {
    let shallow = TempDir::new("1k");
    let shallow_bottom = chain(&shallow.0, 1_000);
    let deep = TempDir::new("2k");
    let deep_bottom = chain(&deep.0, 2_000);
    let t1000 = best_scan(&shallow.0, &shallow_bottom);
    let t2000 = best_scan(&deep.0, &deep_bottom);
    eprintln!("scan of a chain: depth 1,000 {t1000:?}, depth 2,000 {t2000:?}");
    assert!(t1000 < Duration::from_secs(2), "depth 1,000 took {t1000:?}");
    // Linear: twice the depth is about twice the time (quadratic would be four times). The
    // floor keeps timer noise on very fast scans from failing the ratio.
    assert!(
        t2000 < t1000 * 3 + Duration::from_millis(20),
        "depth 2,000 took {t2000:?}, depth 1,000 {t1000:?}"
    );
}

#[cfg(unix)]
#[test]
fn a_deep_chain_with_a_symlink_loop_ends() {
    let dir = TempDir::new("loop");
    let bottom = chain(&dir.0, 300);
    // Loops back to the top from the bottom and from the middle.
    std::os::unix::fs::symlink(&dir.0, bottom.join("up")).unwrap();
    let middle: PathBuf = dir.0.join("a/a/a/a/a");
    std::os::unix::fs::symlink(&dir.0, middle.join("top")).unwrap();
    let (skills, diagnostics) =
        scan_skill_dirs(std::slice::from_ref(&dir.0), DEFAULT_MAX_SOURCE_BYTES);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    assert_eq!(skills.len(), 1);
    assert_eq!(skills[0].base_dir.as_deref(), Some(bottom.as_path()));
}
