"""Launch profiles: one declarative TOML file per agent, and the code that reads and applies them."""
