package org.numaloom.locks.registry;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.locks.Lock;
import java.util.stream.Stream;

/**
 * Every lock the kit knows, by name: the built-in ones ({@link BuiltInLocks}) first, then those
 * contributed by {@link LockProvider}s on the class path.
 *
 * <p>Loaded once, on first use. Two providers that claim the same name are an error, reported with
 * both providers' classes, because a suite must never silently test a different lock than the one
 * a user named.
 */
public final class LockRegistry {
    private LockRegistry() {
    }

    private static final class Loaded {
        static final Map<String, LockType> TYPES = collect(Stream.concat(Stream.of(new BuiltInLocks()),
                ServiceLoader.load(LockProvider.class, LockRegistry.class.getClassLoader()).stream()
                        .map(ServiceLoader.Provider::get)).toList());
    }

    /** The lock types of the providers by name, in order; a name claimed twice is an error. */
    static Map<String, LockType> collect(Iterable<? extends LockProvider> providers) {
        Map<String, LockType> types = new LinkedHashMap<>();
        Map<String, String> origins = new LinkedHashMap<>();
        for (LockProvider provider : providers) {
            String origin = provider.getClass().getName();
            for (LockType type : provider.lockTypes()) {
                String earlier = origins.putIfAbsent(type.name(), origin);
                if (earlier != null) {
                    throw new IllegalStateException("lock name " + type.name() + " is registered twice: by "
                            + earlier + " and by " + origin + "; rename one of them");
                }
                types.put(type.name(), type);
            }
        }
        return Collections.unmodifiableMap(types);
    }

    /** All registered lock types, built-in ones first, in registration order. */
    public static List<LockType> all() {
        return List.copyOf(Loaded.TYPES.values());
    }

    /** The names of all registered locks. */
    public static List<String> names() {
        return List.copyOf(Loaded.TYPES.keySet());
    }

    /**
     * The lock type of that name (case does not matter).
     *
     * @throws IllegalArgumentException for an unknown name, listing the known ones
     */
    public static LockType named(String name) {
        LockType type = name == null ? null : Loaded.TYPES.get(name.trim().toUpperCase(Locale.ROOT));
        if (type == null) {
            throw new IllegalArgumentException("unknown lock '" + name + "'; known locks: "
                    + String.join(", ", names())
                    + ". A lock of your own is registered through " + LockProvider.class.getName()
                    + " (see README, \"Plug in your own lock\").");
        }
        return type;
    }

    /** A new lock of the named type. */
    public static Lock create(String name) {
        return named(name).create();
    }
}
