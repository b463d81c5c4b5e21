package org.numaloom.locks.topology;

import java.nio.file.Path;

/**
 * Thrown when a sysfs tree holds content the kernel would not write, or when a topology override
 * cannot be parsed.
 *
 * <p>The message always names the offending file by its full path, or quotes the offending spec,
 * and says what was expected: a topology is usually read once at startup, far from whoever can fix
 * the file or the {@code numaloom.topology} property, so the message alone must be enough to act.
 */
public final class TopologyException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private TopologyException(String message, Throwable cause) {
        super(message, cause);
    }

    /** A problem with the content of one file; the message starts with its path. */
    static TopologyException inFile(Path file, String problem) {
        return inFile(file, problem, null);
    }

    static TopologyException inFile(Path file, String problem, Throwable cause) {
        return new TopologyException("topology: " + file + ": " + problem, cause);
    }

    /** A problem with a compact spec; the message quotes it and shows one that works. */
    static TopologyException inSpec(String spec, String problem) {
        return new TopologyException("topology spec \"" + spec + "\": " + problem
                + " (example: \"" + Spec.EXAMPLE + "\")", null);
    }
}
