// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Just enough of ELF64 (little-endian) to check a kernel module before it is
//! booted: the `.modinfo` strings (`name=`, `vermagic=`) and the symbols the
//! module leaves undefined (what the kernel must export to it).

use crate::util::Result;

/// A section: its name, file offset, size, type and the `sh_link` field.
#[derive(Debug, Clone)]
struct Section {
    name: String,
    offset: usize,
    size: usize,
    kind: u32,
    link: usize,
}

/// The parts of a module's ELF file that [`crate::running::module`] reads.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ModuleInfo {
    /// The `key=value` strings of `.modinfo`, in order.
    pub modinfo: Vec<(String, String)>,
    /// Names of the undefined symbols of `.symtab`.
    pub undefined: Vec<String>,
}

impl ModuleInfo {
    /// The first `.modinfo` value of `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.modinfo
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

fn read<const N: usize>(data: &[u8], at: usize) -> Option<[u8; N]> {
    data.get(at..at.checked_add(N)?)?.try_into().ok()
}

fn u16_at(d: &[u8], at: usize) -> Option<usize> {
    read::<2>(d, at).map(|b| usize::from(u16::from_le_bytes(b)))
}

fn u32_at(d: &[u8], at: usize) -> Option<u32> {
    read::<4>(d, at).map(u32::from_le_bytes)
}

fn u64_at(d: &[u8], at: usize) -> Option<usize> {
    read::<8>(d, at).and_then(|b| usize::try_from(u64::from_le_bytes(b)).ok())
}

/// The NUL-terminated string at `at` of `table`.
fn c_string(table: &[u8], at: usize) -> String {
    let rest = table.get(at..).unwrap_or_default();
    let end = rest.iter().position(|&b| b == 0).unwrap_or(rest.len());
    String::from_utf8_lossy(&rest[..end]).into_owned()
}

fn sections(d: &[u8]) -> Option<Vec<Section>> {
    let shoff = u64_at(d, 0x28)?;
    let shentsize = u16_at(d, 0x3a)?;
    let shnum = u16_at(d, 0x3c)?;
    let shstrndx = u16_at(d, 0x3e)?;
    if shentsize < 0x40 {
        return None;
    }
    let mut raw = Vec::with_capacity(shnum);
    for i in 0..shnum {
        let h = shoff.checked_add(i.checked_mul(shentsize)?)?;
        raw.push((
            u32_at(d, h)? as usize,
            u32_at(d, h + 4)?,
            u64_at(d, h + 0x18)?,
            u64_at(d, h + 0x20)?,
            u32_at(d, h + 0x28)? as usize,
        ));
    }
    let &(_, _, str_off, str_size, _) = raw.get(shstrndx)?;
    let names = d.get(str_off..str_off.checked_add(str_size)?)?;
    Some(
        raw.into_iter()
            .map(|(name, kind, offset, size, link)| Section {
                name: c_string(names, name),
                offset,
                size,
                kind,
                link,
            })
            .collect(),
    )
}

fn bytes<'a>(d: &'a [u8], s: &Section) -> Option<&'a [u8]> {
    d.get(s.offset..s.offset.checked_add(s.size)?)
}

/// Reads `.modinfo` and the undefined symbols of a module's ELF bytes; the
/// error says what is wrong with the file (`what` names it).
pub fn module_info(data: &[u8], what: &str) -> Result<ModuleInfo> {
    if data.get(..4) != Some(b"\x7fELF") {
        crate::bail!("{what} is not an ELF file (not a kernel module)");
    }
    if data.get(4) != Some(&2) || data.get(5) != Some(&1) {
        crate::bail!("{what} is not a 64-bit little-endian ELF file (not an x86_64 kernel module)");
    }
    let Some(sections) = sections(data) else {
        crate::bail!("{what}: its ELF section headers are cut off or malformed");
    };
    let mut info = ModuleInfo::default();
    let Some(modinfo) = sections.iter().find(|s| s.name == ".modinfo") else {
        crate::bail!("{what} has no .modinfo section: not a kernel module (a .ko built by kbuild)");
    };
    for entry in bytes(data, modinfo)
        .unwrap_or_default()
        .split(|&b| b == 0)
        .filter(|e| !e.is_empty())
    {
        let text = String::from_utf8_lossy(entry);
        if let Some((k, v)) = text.split_once('=') {
            info.modinfo.push((k.to_string(), v.to_string()));
        }
    }
    const SHT_SYMTAB: u32 = 2;
    if let Some(symtab) = sections.iter().find(|s| s.kind == SHT_SYMTAB) {
        let strtab = sections
            .get(symtab.link)
            .and_then(|s| bytes(data, s))
            .unwrap_or_default();
        let syms = bytes(data, symtab).unwrap_or_default();
        for sym in syms.chunks_exact(24).skip(1) {
            let name = u32_at(sym, 0).unwrap_or(0) as usize;
            let shndx = u16_at(sym, 6).unwrap_or(1);
            if shndx == 0 && name != 0 {
                info.undefined.push(c_string(strtab, name));
            }
        }
    }
    Ok(info)
}

/// A minimal ELF64 relocatable file with the given `.modinfo` strings and
/// undefined symbols (for tests of the checks that read modules).
pub fn fake_module(modinfo: &[(&str, &str)], undefined: &[&str]) -> Vec<u8> {
    let mut modinfo_bytes = Vec::new();
    for (k, v) in modinfo {
        modinfo_bytes.extend_from_slice(format!("{k}={v}\0").as_bytes());
    }
    let mut strtab = vec![0u8];
    let mut symtab = vec![0u8; 24];
    for name in undefined {
        let at = strtab.len() as u32;
        strtab.extend_from_slice(name.as_bytes());
        strtab.push(0);
        let mut sym = [0u8; 24];
        sym[..4].copy_from_slice(&at.to_le_bytes());
        sym[4] = 0x10; // global, no type
        symtab.extend_from_slice(&sym);
    }
    let shstrtab = b"\0.modinfo\0.symtab\0.strtab\0.shstrtab\0".to_vec();
    // Layout: header, then the four section contents, then the headers.
    let mut out = vec![0u8; 0x40];
    let place = |data: &[u8], out: &mut Vec<u8>| {
        let at = out.len();
        out.extend_from_slice(data);
        while out.len() % 8 != 0 {
            out.push(0);
        }
        (at, data.len())
    };
    let m = place(&modinfo_bytes, &mut out);
    let s = place(&symtab, &mut out);
    let t = place(&strtab, &mut out);
    let h = place(&shstrtab, &mut out);
    let shoff = out.len();
    // (name offset in shstrtab, type, (offset, size), link)
    let headers = [
        (0u32, 0u32, (0, 0), 0u32),
        (1, 1, m, 0),
        (10, 2, s, 3),
        (18, 3, t, 0),
        (26, 3, h, 0),
    ];
    for (name, kind, (offset, size), link) in headers {
        let mut sh = [0u8; 0x40];
        sh[..4].copy_from_slice(&name.to_le_bytes());
        sh[4..8].copy_from_slice(&kind.to_le_bytes());
        sh[0x18..0x20].copy_from_slice(&(offset as u64).to_le_bytes());
        sh[0x20..0x28].copy_from_slice(&(size as u64).to_le_bytes());
        sh[0x28..0x2c].copy_from_slice(&link.to_le_bytes());
        out.extend_from_slice(&sh);
    }
    out[..4].copy_from_slice(b"\x7fELF");
    out[4] = 2; // 64-bit
    out[5] = 1; // little-endian
    out[6] = 1;
    out[0x10] = 1; // ET_REL
    out[0x12] = 62; // x86_64
    out[0x28..0x30].copy_from_slice(&(shoff as u64).to_le_bytes());
    out[0x34] = 0x40;
    out[0x3a] = 0x40;
    out[0x3c] = headers.len() as u8;
    out[0x3e] = 4;
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_back_what_fake_module_writes() {
        let data = fake_module(
            &[("name", "hello"), ("vermagic", "6.12.118 SMP mod_unload ")],
            &["_printk", "__asan_load8"],
        );
        let info = module_info(&data, "hello.ko").unwrap();
        assert_eq!(info.get("name"), Some("hello"));
        assert_eq!(info.get("vermagic"), Some("6.12.118 SMP mod_unload "));
        assert_eq!(info.undefined, ["_printk", "__asan_load8"]);
    }

    #[test]
    fn refuses_what_is_not_a_module() {
        let e = |d: &[u8]| module_info(d, "x.ko").unwrap_err().0;
        assert!(e(b"hello").contains("not an ELF file"));
        assert!(e(b"\x7fELF\x01\x01").contains("not a 64-bit"));
        assert!(e(b"\x7fELF\x02\x01\x01").contains("cut off or malformed"));
        let mut no_modinfo = fake_module(&[], &[]);
        // Rename `.modinfo` in the section name table.
        let at = no_modinfo
            .windows(8)
            .position(|w| w == b".modinfo")
            .unwrap();
        no_modinfo[at + 1] = b'X';
        assert!(e(&no_modinfo).contains("no .modinfo section"));
    }
}
