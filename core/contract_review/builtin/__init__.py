"""Core's own plugins, registered by the plugin-manager factory under their module names."""
