//! What a result code type (`CUresult`, cudart-sys's `cudaError_t`) can say of itself, from the
//! table the generator made of its header: its name, the header's description, every known
//! code. A hidden exported macro, so that every -sys crate has it from one place.

/// Implements names and conversions for a `#[repr(transparent)]` result code newtype over
/// `u32`, from a sorted `&[(u32, &str, &str)]` table of (value, name, description) and the
/// library's description (a code the header does not know prints as `CUresult(999)`, its C
/// type's name without `_t`, as the loader's sentences write it).
#[doc(hidden)]
#[macro_export]
macro_rules! __result_codes {
    ($code:ident, $table:path, $description:path) => {
        impl $code {
            /// The constant's name in the header, if the header has it.
            #[must_use]
            pub fn name(self) -> Option<&'static str> {
                self.entry().map(|&(_, name, _)| name)
            }

            /// The header's description of the code, when the bindings were generated from a
            /// header on this machine (vendored bindings carry no NVIDIA text: `None`).
            #[must_use]
            pub fn description(self) -> Option<&'static str> {
                self.entry().map(|&(_, _, description)| description).filter(|d| !d.is_empty())
            }

            /// Every code the header names, in increasing order.
            pub fn known() -> impl Iterator<Item = $code> {
                $table.iter().map(|&(value, _, _)| $code(value as _))
            }

            fn entry(self) -> Option<&'static (u32, &'static str, &'static str)> {
                let i = $table.binary_search_by_key(&(self.0 as u32), |&(value, _, _)| value).ok()?;
                Some(&$table[i])
            }
        }

        /// The name, or the number for a code the header does not know.
        impl ::core::fmt::Debug for $code {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                match self.name() {
                    Some(name) => f.write_str(name),
                    None => write!(f, "{}({})", $description.codes.type_name.trim_end_matches("_t"), self.0),
                }
            }
        }

        impl From<u32> for $code {
            fn from(value: u32) -> Self {
                $code(value as _)
            }
        }

        impl From<$code> for u32 {
            fn from(code: $code) -> Self {
                code.0 as u32
            }
        }

        /// What a call returns when the library cannot be reached: the loader's code.
        impl $crate::Unreachable for $code {
            fn unreachable(_: &'static $crate::Library, code: u32) -> Self {
                $code(code as _)
            }

            fn code(&self) -> Option<u32> {
                Some(self.0 as u32)
            }
        }
    };
}
