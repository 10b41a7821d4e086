// Installs the pre-commit hook when run inside a git work tree (implemented with the gates issue).
export {};
