//! Each function's own place in NVIDIA's reference. NVIDIA's API pages are Doxygen's: a
//! function is `group__<GROUP>.html#group__<GROUP>_1g<md5>`, where `<md5>` is the MD5 of what
//! Doxygen read of its declaration: the definition (qualifiers NVIDIA documents, return type,
//! name), the name again, and the arguments as Doxygen writes them. For example
//! `cuMemAlloc`'s is the MD5 of `CUresult cuMemAlloccuMemAlloc(CUdeviceptr *dptr, size_t
//! bytesize)`. It follows the header, as NVIDIA's pages do for each release.

/// The anchor's hash for a declaration, from its tokens as written (`extern __host__
/// __cudart_builtin__ cudaError_t CUDARTAPI cudaMalloc(void **devPtr, size_t size);`); `None`
/// for what is not a plain function declaration.
pub fn hash(tokens: &[String]) -> Option<String> {
    let open = tokens.iter().position(|t| t == "(")?;
    let name = tokens.get(open.checked_sub(1)?)?;
    let mut definition: Vec<&str> = tokens[..open - 1]
        .iter()
        .filter_map(|t| match t.as_str() {
            // What Doxygen's run of NVIDIA's headers does not show: storage, calling
            // conventions, deprecation markers.
            "extern" | "CUDAAPI" | "CUDARTAPI" | "CUDARTAPI_CDECL" | "__CUDA_DEPRECATED" => None,
            // NVIDIA documents runtime functions callable from the device as `__device__`.
            "__cudart_builtin__" => Some("__device__"),
            t => Some(t),
        })
        .collect();
    definition.push(name);
    let arguments: Vec<String> =
        super::split_arguments(&tokens[open + 1..]).iter().map(|a| argument(a)).collect();
    let text = format!("{}{name}({})", definition.join(" "), arguments.join(", "));
    Some(md5_hex(text.as_bytes()))
}

/// One argument as Doxygen writes it: `void **devPtr`, and a C++ default (`__dv(0)`) as `=0`.
fn argument(tokens: &[&str]) -> String {
    let (tokens, default) = match tokens.iter().position(|t| *t == "__dv") {
        Some(i) => {
            // `__dv ( value )`
            let value = tokens.get(i + 2..tokens.len().saturating_sub(1)).unwrap_or_default();
            (&tokens[..i], Some(join(value)))
        }
        None => (tokens, None),
    };
    let mut out = join(tokens);
    if let Some(default) = default {
        out = format!("{out}={default}");
    }
    out
}

/// Tokens with a space between words, none after `*` and `&`, none around brackets.
fn join(tokens: &[&str]) -> String {
    let mut out = String::new();
    let mut previous = "";
    for &token in tokens {
        let tight = previous.is_empty()
            || matches!(previous, "*" | "&" | "[" | "(")
            || matches!(token, "[" | "]" | ")" | ",")
            || (token == "*" && previous == "*");
        if !tight {
            out.push(' ');
        }
        out.push_str(token);
        previous = token;
    }
    out
}

/// MD5 (RFC 1321) of `data`, as 32 lowercase hex digits: only for the anchors above.
pub fn md5_hex(data: &[u8]) -> String {
    const S: [u32; 64] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
        5, 9, 14, 20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15,
        21, 6, 10, 15, 21, 6, 10, 15, 21,
    ];
    // K[i] = floor(2^32 * |sin(i + 1)|)
    let k: Vec<u32> = (0..64).map(|i| ((i as f64 + 1.0).sin().abs() * 4_294_967_296.0) as u32).collect();
    let mut state: [u32; 4] = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476];
    let mut message = data.to_vec();
    message.push(0x80);
    while message.len() % 64 != 56 {
        message.push(0);
    }
    message.extend_from_slice(&((data.len() as u64).wrapping_mul(8)).to_le_bytes());
    for block in message.chunks(64) {
        let m: Vec<u32> = block.chunks(4).map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]])).collect();
        let [mut a, mut b, mut c, mut d] = state;
        for i in 0..64 {
            let (f, g) = match i / 16 {
                0 => ((b & c) | (!b & d), i),
                1 => ((d & b) | (!d & c), (5 * i + 1) % 16),
                2 => (b ^ c ^ d, (3 * i + 5) % 16),
                _ => (c ^ (b | !d), (7 * i) % 16),
            };
            let rotated = a.wrapping_add(f).wrapping_add(k[i]).wrapping_add(m[g]).rotate_left(S[i]);
            (a, d, c) = (d, c, b);
            b = b.wrapping_add(rotated);
        }
        for (s, v) in state.iter_mut().zip([a, b, c, d]) {
            *s = s.wrapping_add(v);
        }
    }
    state.iter().flat_map(|s| s.to_le_bytes()).map(|byte| format!("{byte:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn md5_of_rfc_1321s_examples() {
        assert_eq!(md5_hex(b""), "d41d8cd98f00b204e9800998ecf8427e");
        assert_eq!(md5_hex(b"abc"), "900150983cd24fb0d6963f7d28e17f72");
        assert_eq!(
            md5_hex(b"12345678901234567890123456789012345678901234567890123456789012345678901234567890"),
            "57edf4a22be3c955ac49da2e2107b67a"
        );
    }

    fn tokens(declaration: &str) -> Vec<String> {
        // Enough of C's tokens for a declaration.
        let spaced = ["(", ")", ",", ";", "*"]
            .iter()
            .fold(declaration.to_string(), |s, p| s.replace(p, &format!(" {p} ")));
        spaced.split_whitespace().map(str::to_string).collect()
    }

    /// Anchors as NVIDIA's pages have them (CUDA 13.0's driver and runtime references).
    #[test]
    fn anchors_of_nvidias_pages() {
        for (declaration, anchor) in [
            ("CUresult CUDAAPI cuMemAlloc(CUdeviceptr *dptr, size_t bytesize);", "b82d2a09844a58dd9e744dc31e8aa467"),
            (
                "CUresult CUDAAPI cuMemAllocManaged(CUdeviceptr *dptr, size_t bytesize, unsigned int flags);",
                "b347ded34dc326af404aa02af5388a32",
            ),
            ("CUresult CUDAAPI cuStreamDestroy(CUstream hStream);", "244c8833de4596bcd31a06cdf21ee758"),
            (
                "extern __host__ __cudart_builtin__ cudaError_t CUDARTAPI cudaMalloc(void **devPtr, size_t size);",
                "37d37965bfb4803b6d4e59ff26856356",
            ),
            (
                "extern __host__ __cudart_builtin__ cudaError_t CUDARTAPI cudaFree(void *devPtr);",
                "a042655cbbf3408f01061652a075e094",
            ),
            (
                "extern __host__ cudaError_t CUDARTAPI cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind);",
                "c263dbe6574220cc776b45438fc351e8",
            ),
            (
                "extern __host__ __cudart_builtin__ cudaError_t CUDARTAPI cudaMemcpyAsync(void *dst, const void *src, \
                 size_t count, enum cudaMemcpyKind kind, cudaStream_t stream __dv(0));",
                "85073372f776b4c4d5f89f7124b7bf79",
            ),
        ] {
            assert_eq!(hash(&tokens(declaration)).as_deref(), Some(anchor), "{declaration}");
        }
    }
}
