package org.numaloom.locks.registry;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.concurrent.atomic.AtomicReference;
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

    /**
     * The registered types, loaded by the first caller. Not a holder class: a failure to load (a
     * name claimed twice, a provider that cannot be built) would be remembered as a
     * {@link NoClassDefFoundError} for every later caller; here each caller gets the failure itself.
     * Two first callers may both load, building the providers twice (as {@link #foundBy} builds
     * them anew at each call); the first map stored is kept.
     */
    private static final AtomicReference<Map<String, LockType>> LOADED = new AtomicReference<>();

    private static Map<String, LockType> types() {
        Map<String, LockType> types = LOADED.get();
        if (types == null) {
            LOADED.compareAndSet(null, typesFoundBy(LockRegistry.class.getClassLoader()));
            types = LOADED.get();
        }
        return types;
    }

    /**
     * The lock types registered through {@code loader}: the built-in ones, then those of the
     * {@link LockProvider}s it finds, by the registry's rules (a name claimed twice is an error). The
     * registry is this, for the library's own class loader; a tool that must know the locks of jars
     * that are not on its class path (the build that writes a jcstress test class per lock) passes a
     * loader over them.
     */
    public static List<LockType> foundBy(ClassLoader loader) {
        return List.copyOf(typesFoundBy(loader).values());
    }

    private static Map<String, LockType> typesFoundBy(ClassLoader loader) {
        List<LockProvider> providers;
        try {
            providers = Stream.concat(Stream.of(new BuiltInLocks()),
                    ServiceLoader.load(LockProvider.class, loader).stream().map(ServiceLoader.Provider::get)).toList();
        } catch (ServiceConfigurationError e) {
            throw new IllegalStateException("a lock provider could not be loaded: " + e.getMessage() + ". A provider is a"
                    + " public class with a public no-argument constructor that implements " + LockProvider.class.getName()
                    + ", named in META-INF/services/" + LockProvider.class.getName() + " of a jar on the class path", e);
        }
        return collect(providers);
    }

    /**
     * The lock types of the providers by name, in order; a name claimed twice is an error, and so is
     * a provider that fails to list its types (an invalid name, say), named as the provider's: a
     * caller reading a config or a command line would otherwise report it as its own input's.
     */
    static Map<String, LockType> collect(Iterable<? extends LockProvider> providers) {
        Map<String, LockType> types = new LinkedHashMap<>();
        Map<String, String> origins = new LinkedHashMap<>();
        for (LockProvider provider : providers) {
            String origin = provider.getClass().getName();
            for (LockType type : typesOf(provider, origin)) {
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

    private static List<LockType> typesOf(LockProvider provider, String origin) {
        List<LockType> types;
        try {
            types = provider.lockTypes();
        } catch (RuntimeException e) {
            throw new IllegalStateException("lock provider " + origin + " failed to list its locks: " + e, e);
        }
        if (types == null || types.stream().anyMatch(type -> type == null)) {
            throw new IllegalStateException("lock provider " + origin + " listed " + (types == null ? "null" : "a null lock type")
                    + " as its locks; return a list of LockTypes");
        }
        return types;
    }

    /** All registered lock types, built-in ones first, in registration order. */
    public static List<LockType> all() {
        return List.copyOf(types().values());
    }

    /** The names of all registered locks. */
    public static List<String> names() {
        return List.copyOf(types().keySet());
    }

    /**
     * The registered lock type of that name (case and surrounding blanks do not matter), if there is
     * one. For a caller that knows names besides the registered ones which are not lock types (the
     * benchmarks' {@code synchronized} block); its error for an unknown name is {@link #unknownLock}.
     */
    public static Optional<LockType> find(String name) {
        return Optional.ofNullable(name == null ? null : types().get(canonical(name)));
    }

    /**
     * The registered lock type of that name (case and surrounding blanks do not matter).
     *
     * @throws IllegalArgumentException for an unknown name: {@link #unknownLock} with the registered names
     */
    public static LockType named(String name) {
        return named(name, List.of());
    }

    /**
     * The lock type of that name among the registered ones, then {@code more}: the lock types a
     * caller knows besides them (a suite's variants and negative controls). Case and surrounding
     * blanks do not matter. Every tool of the kit that takes a lock name looks it up here, so that
     * all of them accept the same spellings and report an unknown name with the same message.
     *
     * @throws IllegalArgumentException for an unknown name: {@link #unknownLock} with the registered
     *                                  names, then those of {@code more}
     */
    public static LockType named(String name, List<LockType> more) {
        Optional<LockType> registered = find(name);
        if (registered.isPresent()) {
            return registered.get();
        }
        if (name != null) {
            String wanted = canonical(name);
            for (LockType type : more) {
                if (type.name().equals(wanted)) {
                    return type;
                }
            }
        }
        List<String> known = new ArrayList<>(names());
        more.forEach(type -> known.add(type.name()));
        throw unknownLock(name, known);
    }

    /**
     * The one error for a lock name nobody knows: it names the unknown lock, lists the known ones in
     * the order given, and says how to register a lock of one's own.
     */
    public static IllegalArgumentException unknownLock(String name, List<String> known) {
        return new IllegalArgumentException("unknown lock '" + name + "'; known locks: " + String.join(", ", known)
                + ". To add a lock of your own, implement " + LockProvider.class.getName() + " and list that class in "
                + "META-INF/services/" + LockProvider.class.getName() + " of a jar on the class path.");
    }

    /** Lock names are upper-case (see {@link LockType}); a name is looked up without blanks around it. */
    private static String canonical(String name) {
        return name.strip().toUpperCase(Locale.ROOT);
    }

    /** A new lock of the named type. */
    public static Lock create(String name) {
        return named(name).create();
    }
}
