//! Skills: frontmatter, catalog snapshot, search, dependency closure and the body pager.
