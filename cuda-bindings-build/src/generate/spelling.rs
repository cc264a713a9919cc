//! Members reshaped so that C's spellings compile in Rust, with C's layout unchanged.
//!
//! - A member whose C name is a Rust keyword keeps it as a raw identifier: `prop.r#type`, not
//!   bindgen's `type_`.
//! - An anonymous union or struct member gets a name derived from the header (`anon_` and its
//!   first member: `anon_id`), never bindgen's positional `__bindgen_anon_1`; its type is named
//!   after its parent (`CUmemLocation_st_anon_id`). A struct with exactly one such member
//!   derefs to it, so `location.id` reads as in C. Nested anonymous types take the name of the
//!   member that holds them: `CUlaunchAttributeValue_union_clusterDim`.
//!
//! Only names change: bindgen's layout tests, renamed along, keep checking C's layout.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use proc_macro2::{Ident, Span, TokenStream, TokenTree};
use quote::quote;
use syn::visit_mut::{self, VisitMut};

/// An anonymous union or struct member, and how Rust reaches its members.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Anonymous {
    /// The type holding it, as bound (`CUmemLocation_st`).
    pub parent: String,
    /// `union` or `struct`.
    pub kind: &'static str,
    /// The member's name here (`anon_id`) and its type's (`CUmemLocation_st_anon_id`).
    pub field: String,
    pub type_name: String,
    /// Its members, as C names them.
    pub members: Vec<String>,
    /// Whether the parent derefs to it, so its members read as in C; false where Rust cannot
    /// (a parent with several anonymous members, or a union parent).
    pub deref: bool,
}

/// Whether `name` is a Rust keyword that can be a raw identifier (`type`, `fn`, `match`).
pub fn is_keyword(name: &str) -> bool {
    syn::parse_str::<syn::Ident>(name).is_err()
        && !matches!(name, "self" | "Self" | "super" | "crate" | "_")
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// bindgen's `type_` for C's `type` -> the raw identifier `r#type`. For members, only where
/// bindgen reported the C name to be the keyword (a C member may be called `type_` itself).
fn raw_keyword(ident: &Ident, c_keywords: Option<&BTreeSet<String>>) -> Option<Ident> {
    let text = ident.to_string();
    let stem = text.strip_suffix('_')?;
    let is_c_name = c_keywords.map_or(true, |set| set.contains(stem));
    (is_keyword(stem) && is_c_name).then(|| Ident::new_raw(stem, ident.span()))
}

/// bindgen's `__bindgen_anon_1` member names and `__bindgen_ty_1` type names.
const ANON_FIELD: &str = "__bindgen_anon_";
const ANON_TYPE: &str = "__bindgen_ty_";

struct Record {
    is_union: bool,
    /// (member, the type names its type mentions)
    fields: Vec<(String, Vec<String>)>,
}

/// Renames in place; returns the anonymous members found. `c_keywords`: the member names the
/// header spells with a Rust keyword (bindgen reports them).
pub fn respell(items: &mut Vec<syn::Item>, c_keywords: &BTreeSet<String>) -> Vec<Anonymous> {
    let records = records(items);
    let names = Names::new(&records, c_keywords);

    // Members first, while items still carry bindgen's names.
    for item in items.iter_mut() {
        let (ident, fields) = match item {
            syn::Item::Struct(s) => (&s.ident, &mut s.fields),
            syn::Item::Union(u) => {
                let ident = u.ident.clone();
                rename_fields(&names, &ident.to_string(), u.fields.named.iter_mut(), c_keywords);
                continue;
            }
            _ => continue,
        };
        if let syn::Fields::Named(named) = fields {
            rename_fields(&names, &ident.to_string(), named.named.iter_mut(), c_keywords);
        }
    }
    let mut renamer = Renamer { names: &names, c_keywords, debug_of: None };
    for item in items.iter_mut() {
        renamer.visit_item_mut(item);
    }

    // Deref from a struct to its one anonymous member.
    let mut anonymous = Vec::new();
    let mut by_parent: BTreeMap<&str, Vec<(&str, &str)>> = BTreeMap::new();
    for ((parent, field), ty) in &names.anon_fields {
        by_parent.entry(parent.as_str()).or_default().push((field.as_str(), ty.as_str()));
    }
    for (parent, members) in by_parent {
        let parent_record = &records[parent];
        let deref = members.len() == 1 && !parent_record.is_union;
        let parent_name = names.type_name(parent);
        for &(old_field, old_type) in &members {
            let field = &names.fields[&(parent.to_string(), old_field.to_string())];
            let type_name = names.type_name(old_type);
            let record = &records[old_type];
            anonymous.push(Anonymous {
                parent: parent_name.clone(),
                kind: if record.is_union { "union" } else { "struct" },
                field: field.clone(),
                type_name: type_name.clone(),
                members: record.fields.iter().map(|(f, _)| names.c_member(old_type, f)).collect(),
                deref,
            });
            if deref {
                let (p, t, f) = (ident(&parent_name), ident(&type_name), ident(field));
                let doc = format!(
                    " C reaches the members of `{parent_name}`'s anonymous {} directly; so does Rust, through this `Deref`.",
                    if record.is_union { "union" } else { "struct" }
                );
                items.push(syn::parse_quote! {
                    #[doc = #doc]
                    impl ::core::ops::Deref for #p {
                        type Target = #t;
                        fn deref(&self) -> &#t { &self.#f }
                    }
                });
                items.push(syn::parse_quote! {
                    impl ::core::ops::DerefMut for #p {
                        fn deref_mut(&mut self) -> &mut #t { &mut self.#f }
                    }
                });
            }
        }
    }
    anonymous.sort_by(|a, b| (&a.parent, &a.field).cmp(&(&b.parent, &b.field)));
    anonymous
}

fn ident(name: &str) -> Ident {
    Ident::new(name, Span::call_site())
}

fn rename_fields<'a>(
    names: &Names,
    record: &str,
    fields: impl Iterator<Item = &'a mut syn::Field>,
    c_keywords: &BTreeSet<String>,
) {
    for field in fields {
        let Some(ident) = &mut field.ident else { continue };
        if let Some(new) = names.fields.get(&(record.to_string(), ident.to_string())) {
            *ident = Ident::new(new, ident.span());
        } else if let Some(raw) = raw_keyword(ident, Some(c_keywords)) {
            *ident = raw;
        }
    }
}

/// Every struct and union of bindgen's output, by name.
fn records(items: &[syn::Item]) -> HashMap<String, Record> {
    fn mentioned(ty: &syn::Type) -> Vec<String> {
        struct Paths(Vec<String>);
        impl<'ast> syn::visit::Visit<'ast> for Paths {
            fn visit_path(&mut self, path: &'ast syn::Path) {
                if let Some(last) = path.segments.last() {
                    self.0.push(last.ident.to_string());
                }
                syn::visit::visit_path(self, path);
            }
        }
        let mut paths = Paths(Vec::new());
        syn::visit::Visit::visit_type(&mut paths, ty);
        paths.0
    }
    let fields = |fields: &mut dyn Iterator<Item = &syn::Field>| {
        fields.filter_map(|f| Some((f.ident.as_ref()?.to_string(), mentioned(&f.ty)))).collect()
    };
    items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Struct(s) => {
                Some((s.ident.to_string(), Record { is_union: false, fields: fields(&mut s.fields.iter()) }))
            }
            syn::Item::Union(u) => Some((
                u.ident.to_string(),
                Record { is_union: true, fields: fields(&mut u.fields.named.iter()) },
            )),
            _ => None,
        })
        .collect()
}

/// The new names, computed once.
struct Names {
    /// bindgen's anonymous type name -> ours.
    types: HashMap<String, String>,
    /// (record, bindgen's member name) -> ours, for anonymous members.
    fields: HashMap<(String, String), String>,
    /// (record, bindgen's member name) -> that member's anonymous type (bindgen's name).
    anon_fields: BTreeMap<(String, String), String>,
    /// bindgen's anonymous type names, longest first (for replacing inside text).
    by_length: Vec<String>,
    c_keywords: BTreeSet<String>,
}

impl Names {
    fn new(records: &HashMap<String, Record>, c_keywords: &BTreeSet<String>) -> Names {
        // Where each anonymous type is held: (parent, member).
        let mut holder: HashMap<String, (String, String)> = HashMap::new();
        for (name, record) in records {
            for (field, mentioned) in &record.fields {
                for ty in mentioned {
                    if ty.contains(ANON_TYPE)
                        && ty.rsplit_once(ANON_TYPE).map(|(p, _)| p) == Some(name.as_str())
                    {
                        holder.insert(ty.clone(), (name.clone(), field.clone()));
                    }
                }
            }
        }
        let mut names = Names {
            types: HashMap::new(),
            fields: HashMap::new(),
            anon_fields: BTreeMap::new(),
            by_length: Vec::new(),
            c_keywords: c_keywords.clone(),
        };
        let mut anon: Vec<&String> = holder.keys().collect();
        // Parents before children: a child's name builds on its parent's.
        anon.sort_by_key(|name| (name.matches(ANON_TYPE).count(), name.len()));
        for ty in anon {
            let (parent, field) = &holder[ty];
            let new = if field.starts_with(ANON_FIELD) {
                let member = format!("anon_{}", first_member(records, &holder, ty, c_keywords));
                names.fields.insert((parent.clone(), field.clone()), member.clone());
                names.anon_fields.insert((parent.clone(), field.clone()), ty.clone());
                format!("{}_{member}", names.type_name(parent))
            } else {
                // Members of an anonymous member are the parent's members in C: name from there.
                let mut base = parent.clone();
                while let Some((grand, holding)) = holder.get(&base) {
                    if !holding.starts_with(ANON_FIELD) {
                        break;
                    }
                    base = grand.clone();
                }
                format!("{}_{}", names.type_name(&base), c_name(field, c_keywords))
            };
            names.types.insert(ty.clone(), new);
        }
        names.by_length = names.types.keys().cloned().collect();
        names.by_length.sort_by_key(|name| std::cmp::Reverse(name.len()));
        names
    }

    fn type_name(&self, bindgen_name: &str) -> String {
        self.types.get(bindgen_name).cloned().unwrap_or_else(|| bindgen_name.to_string())
    }

    /// A member as C names it, or as we name it when C gives it no name.
    fn c_member(&self, record: &str, field: &str) -> String {
        self.fields
            .get(&(record.to_string(), field.to_string()))
            .cloned()
            .unwrap_or_else(|| c_name(field, &self.c_keywords))
    }
}

/// The C name of the first member of `ty` (for an anonymous one, its name here).
fn first_member(
    records: &HashMap<String, Record>,
    holder: &HashMap<String, (String, String)>,
    ty: &str,
    c_keywords: &BTreeSet<String>,
) -> String {
    let Some((field, _)) = records.get(ty).and_then(|r| r.fields.first()) else { return "member".into() };
    if field.starts_with(ANON_FIELD) {
        let inner = holder.iter().find(|(_, (p, f))| p == ty && f == field).map(|(t, _)| t.as_str());
        let first = inner.map_or_else(|| "member".into(), |t| first_member(records, holder, t, c_keywords));
        return format!("anon_{first}");
    }
    c_name(field, c_keywords)
}

/// bindgen's `type_` -> C's `type`.
fn c_name(field: &str, c_keywords: &BTreeSet<String>) -> String {
    match field.strip_suffix('_') {
        Some(stem) if is_keyword(stem) && c_keywords.contains(stem) => stem.to_string(),
        _ => field.to_string(),
    }
}

/// Applies the names everywhere: types, members, parameters, and inside bindgen's layout
/// tests (`offset_of!(T, member)` and their messages).
struct Renamer<'a> {
    names: &'a Names,
    c_keywords: &'a BTreeSet<String>,
    /// Inside bindgen's `impl Debug for Record` (bindgen's name): its `write!` names members.
    debug_of: Option<String>,
}

impl VisitMut for Renamer<'_> {
    fn visit_item_impl_mut(&mut self, block: &mut syn::ItemImpl) {
        let is_debug = block
            .trait_
            .as_ref()
            .is_some_and(|(path, _)| path.segments.last().is_some_and(|s| s.ident == "Debug"));
        let record = match &*block.self_ty {
            syn::Type::Path(p) if is_debug => p.path.get_ident().map(ToString::to_string),
            _ => None,
        };
        let outer = std::mem::replace(&mut self.debug_of, record);
        visit_mut::visit_item_impl_mut(self, block);
        self.debug_of = outer;
    }

    fn visit_ident_mut(&mut self, ident: &mut Ident) {
        if let Some(new) = self.names.types.get(&ident.to_string()) {
            *ident = Ident::new(new, ident.span());
        }
    }

    fn visit_pat_ident_mut(&mut self, pat: &mut syn::PatIdent) {
        // Function parameters named by a keyword: `type_` -> `r#type`, as for members.
        if let Some(raw) = raw_keyword(&pat.ident, None) {
            pat.ident = raw;
        }
        visit_mut::visit_pat_ident_mut(self, pat);
    }

    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        let is_offset_of = mac.path.segments.last().is_some_and(|s| s.ident == "offset_of");
        let tokens: Vec<TokenTree> = mac.tokens.clone().into_iter().collect();
        if is_offset_of {
            // offset_of!(Record, member)
            if let [TokenTree::Ident(record), comma @ TokenTree::Punct(_), TokenTree::Ident(member)] =
                &tokens[..]
            {
                let member = self.member(&record.to_string(), member);
                let record = ident(&self.names.type_name(&record.to_string()));
                mac.tokens = quote!(#record #comma #member);
                return;
            }
        }
        if let Some(record) = &self.debug_of {
            mac.tokens = self.members_of_self(record, mac.tokens.clone());
        }
        mac.tokens = self.tokens(mac.tokens.clone());
        visit_mut::visit_macro_mut(self, mac);
    }

    fn visit_lit_str_mut(&mut self, lit: &mut syn::LitStr) {
        // The messages of bindgen's layout tests: "Offset of field: Record::member".
        let text = lit.value();
        let mut new = match text.split_once("::") {
            Some((head, member)) if head.starts_with("Offset of field: ") => {
                let record = &head["Offset of field: ".len()..];
                let member = self.member(record, &ident_or_raw(member)).to_string();
                format!("{head}::{}", member.trim_start_matches("r#"))
            }
            _ => text.clone(),
        };
        for old in &self.names.by_length {
            new = new.replace(old.as_str(), &self.names.types[old]);
        }
        if new != text {
            *lit = syn::LitStr::new(&new, lit.span());
        }
    }
}

impl Renamer<'_> {
    /// A member of `record` (bindgen's name) as it is named now.
    fn member(&self, record: &str, member: &Ident) -> Ident {
        match self.names.fields.get(&(record.to_string(), member.to_string())) {
            Some(new) => ident(new),
            None => raw_keyword(member, Some(self.c_keywords)).unwrap_or_else(|| member.clone()),
        }
    }

    /// `self.member` with the member's new name (bindgen's `impl Debug` writes `self.type_`).
    /// Its format string names them too (`type_: {:?}`): as C does, `type: {:?}`.
    fn members_of_self(&self, record: &str, tokens: TokenStream) -> TokenStream {
        let mut trees: Vec<TokenTree> = tokens.into_iter().collect();
        let mut labels = Vec::new();
        for i in 2..trees.len() {
            let is_member = matches!(&trees[i - 2], TokenTree::Ident(s) if s == "self")
                && matches!(&trees[i - 1], TokenTree::Punct(p) if p.as_char() == '.');
            if let (true, TokenTree::Ident(member)) = (is_member, &trees[i]) {
                let renamed = self.member(record, member);
                let new = renamed.to_string().trim_start_matches("r#").to_string();
                labels.push((format!("{member}: {{"), format!("{new}: {{")));
                trees[i] = TokenTree::Ident(renamed);
            }
        }
        for tree in &mut trees {
            let TokenTree::Literal(literal) = tree else { continue };
            let Ok(text) = syn::parse2::<syn::LitStr>(TokenTree::Literal(literal.clone()).into()) else {
                continue;
            };
            let mut value = text.value();
            for (old, new) in &labels {
                for lead in ["{ ", ", "] {
                    value = value.replace(&format!("{lead}{old}"), &format!("{lead}{new}"));
                }
            }
            // And the type, by its name here (`..._anon_value`, not bindgen's `..._bindgen_ty_1`).
            for old in &self.names.by_length {
                value = value.replace(old.as_str(), &self.names.types[old]);
            }
            *literal = syn::LitStr::new(&value, literal.span()).token();
        }
        trees.into_iter().collect()
    }

    fn tokens(&self, tokens: TokenStream) -> TokenStream {
        tokens
            .into_iter()
            .map(|tree| match tree {
                TokenTree::Ident(i) => match self.names.types.get(&i.to_string()) {
                    Some(new) => TokenTree::Ident(Ident::new(new, i.span())),
                    None => TokenTree::Ident(i),
                },
                TokenTree::Group(g) => {
                    let mut group = proc_macro2::Group::new(g.delimiter(), self.tokens(g.stream()));
                    group.set_span(g.span());
                    TokenTree::Group(group)
                }
                other => other,
            })
            .collect()
    }
}

fn ident_or_raw(text: &str) -> Ident {
    syn::parse_str::<Ident>(text).unwrap_or_else(|_| Ident::new_raw(text, Span::call_site()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn respelled(source: &str) -> (String, Vec<Anonymous>) {
        let mut file: syn::File = syn::parse_str(source).unwrap();
        let keywords = ["type", "fn"].map(String::from).into_iter().collect();
        let anonymous = respell(&mut file.items, &keywords);
        (prettyplease::unparse(&file), anonymous)
    }

    #[test]
    fn keywords_become_raw_identifiers() {
        assert!(is_keyword("type") && is_keyword("fn") && is_keyword("match"));
        assert!(!is_keyword("id") && !is_keyword("self") && !is_keyword("type_"));
        let (text, _) = respelled(
            "pub struct P { pub type_: u32, pub fn_: u32, pub id: u32 }
             const _: () = { [\"Offset of field: P::type_\"][::core::mem::offset_of!(P, type_) - 0usize]; };
             extern \"C\" { pub fn f(type_: u32); }",
        );
        assert!(text.contains("pub r#type: u32"), "{text}");
        assert!(text.contains("pub r#fn: u32"), "{text}");
        assert!(text.contains("offset_of!(P, r#type)"), "{text}");
        assert!(text.contains("Offset of field: P::type\""), "{text}");
        assert!(text.contains("fn f(r#type: u32)"), "{text}");
    }

    #[test]
    fn anonymous_members_get_header_names_and_deref() {
        let (text, anonymous) = respelled(
            "pub struct L_st { pub type_: u32, pub __bindgen_anon_1: L_st__bindgen_ty_1 }
             pub union L_st__bindgen_ty_1 { pub id: i32, pub localized: L_st__bindgen_ty_1__bindgen_ty_1 }
             pub struct L_st__bindgen_ty_1__bindgen_ty_1 { pub deviceId: u8 }
             pub union V { pub clusterDim: V__bindgen_ty_1 }
             pub struct V__bindgen_ty_1 { pub x: u32 }
             const _: () = { [\"Size of L_st__bindgen_ty_1\"][::core::mem::size_of::<L_st__bindgen_ty_1>() - 4usize];
                             [\"Offset of field: L_st::__bindgen_anon_1\"][::core::mem::offset_of!(L_st, __bindgen_anon_1) - 4usize]; };",
        );
        assert!(!text.contains("__bindgen"), "{text}");
        assert!(text.contains("pub anon_id: L_st_anon_id"), "{text}");
        assert!(text.contains("pub union L_st_anon_id"), "{text}");
        assert!(text.contains("pub localized: L_st_localized"), "{text}");
        assert!(text.contains("pub clusterDim: V_clusterDim"), "{text}");
        assert!(text.contains("offset_of!(L_st, anon_id)"), "{text}");
        assert!(text.contains("impl ::core::ops::Deref for L_st"), "{text}");
        assert_eq!(anonymous.len(), 1);
        assert_eq!(anonymous[0].members, ["id", "localized"]);
        assert!(anonymous[0].deref);
    }

    #[test]
    fn two_anonymous_members_get_names_but_no_deref() {
        let (text, anonymous) = respelled(
            "pub struct P { pub __bindgen_anon_1: P__bindgen_ty_1, pub __bindgen_anon_2: P__bindgen_ty_2 }
             pub union P__bindgen_ty_1 { pub a: i32, pub b: u32 }
             pub union P__bindgen_ty_2 { pub c: i32, pub d: u32 }",
        );
        assert!(text.contains("pub anon_a: P_anon_a") && text.contains("pub anon_c: P_anon_c"), "{text}");
        assert!(!text.contains("Deref"), "{text}");
        assert!(anonymous.iter().all(|a| !a.deref));
    }
}
