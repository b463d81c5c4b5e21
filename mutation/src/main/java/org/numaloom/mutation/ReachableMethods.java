package org.numaloom.mutation;

import static org.objectweb.asm.Opcodes.ACC_STATIC;
import static org.objectweb.asm.Opcodes.INVOKESPECIAL;
import static org.objectweb.asm.Opcodes.INVOKESTATIC;

import java.lang.reflect.Method;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import org.objectweb.asm.Handle;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The methods of a lock's classes that a program using the lock can run: a call graph, by class
 * hierarchy analysis, from the methods a user can call.
 *
 * <p>A lock's classes ({@link LockClasses}) can include code the lock never runs: the kit's locks
 * share their queues, and {@code McsQueue.enqueueIfEmpty} serves MCS only. A mutant there is not a
 * mistake in this lock, and no test of this lock could catch it, so such methods are not mutated
 * for it (the report lists them; the lock that runs them gets their mutants).
 *
 * <p>The roots are what a user reaches from outside the package: every method of the lock's class
 * and its superclasses, every method that implements or overrides one of a type outside the
 * package (a {@code Condition}'s {@code await}, a {@code Runnable}'s {@code run}), and every static
 * initializer. From a root, a call reaches the method it resolves to and, for a virtual or
 * interface call, every override in a subtype among the lock's classes; a lambda or method
 * reference reaches its target. Calls through reflection or method handles looked up by name are
 * not followed (the kit's locks use them for {@code VarHandle}s of fields only).
 */
final class ReachableMethods {
    private final Map<String, ClassNode> classes;
    private final ClassLoader loader;
    private final Set<String> reached = new HashSet<>();
    private final Deque<MethodRef> pending = new ArrayDeque<>();

    private ReachableMethods(Map<String, ClassNode> classes, ClassLoader loader) {
        this.classes = classes;
        this.loader = loader;
    }

    /** A method of a class, by internal class name, name and descriptor. */
    record MethodRef(String owner, String name, String descriptor) {
        String key() {
            return owner + "." + name + descriptor;
        }
    }

    /**
     * The keys ({@code owner.name+descriptor}) of the methods reachable from a user of {@code lockClass}.
     *
     * @param classes the lock's classes by internal name, {@link LockClasses#of}
     */
    static Set<String> of(Class<?> lockClass, Map<String, ClassNode> classes) {
        ReachableMethods graph = new ReachableMethods(classes, lockClass.getClassLoader());
        graph.addRoots(Type.getInternalName(lockClass));
        graph.walk();
        return Set.copyOf(graph.reached);
    }

    private void addRoots(String lockClass) {
        for (String owner = lockClass; classes.containsKey(owner); owner = classes.get(owner).superName) {
            for (MethodNode method : classes.get(owner).methods) {
                reach(new MethodRef(owner, method.name, method.desc));
            }
        }
        for (ClassNode node : classes.values()) {
            for (MethodNode method : node.methods) {
                if (method.name.equals("<clinit>") || overridesOutsideThePackage(node, method)) {
                    reach(new MethodRef(node.name, method.name, method.desc));
                }
            }
        }
    }

    private void walk() {
        while (!pending.isEmpty()) {
            MethodRef ref = pending.removeFirst();
            MethodNode method = declared(ref);
            if (method == null) {
                continue;
            }
            for (AbstractInsnNode insn : method.instructions) {
                if (insn instanceof MethodInsnNode call) {
                    reachCall(call.owner, call.name, call.desc, call.getOpcode() != INVOKESTATIC && call.getOpcode() != INVOKESPECIAL);
                } else if (insn instanceof InvokeDynamicInsnNode indy) {
                    for (Object argument : indy.bsmArgs) {
                        if (argument instanceof Handle target) {
                            reachCall(target.getOwner(), target.getName(), target.getDesc(), true);
                        }
                    }
                }
            }
        }
    }

    /** A call: the method it resolves to, and with virtual dispatch every override below the owner. */
    private void reachCall(String owner, String name, String descriptor, boolean virtual) {
        if (!classes.containsKey(owner)) {
            return; // outside the package: comes back in only through an override, which is a root
        }
        for (String at = owner; classes.containsKey(at); at = classes.get(at).superName) {
            if (declares(at, name, descriptor)) {
                reach(new MethodRef(at, name, descriptor));
                break;
            }
        }
        for (ClassNode node : classes.values()) {
            for (String superType : node.interfaces) {
                if (superType.equals(owner) && declares(node.name, name, descriptor)) {
                    reach(new MethodRef(node.name, name, descriptor)); // default or implementing method
                }
            }
        }
        if (virtual) {
            for (ClassNode node : classes.values()) {
                if (!node.name.equals(owner) && isSubtype(node.name, owner) && declares(node.name, name, descriptor)) {
                    reach(new MethodRef(node.name, name, descriptor));
                }
            }
        }
    }

    private void reach(MethodRef ref) {
        if (reached.add(ref.key())) {
            pending.addLast(ref);
        }
    }

    private boolean isSubtype(String name, String ancestor) {
        ClassNode node = classes.get(name);
        if (node == null) {
            return false;
        }
        if (ancestor.equals(node.superName) || node.interfaces.contains(ancestor)) {
            return true;
        }
        return isSubtype(node.superName, ancestor) || node.interfaces.stream().anyMatch(i -> isSubtype(i, ancestor));
    }

    private boolean declares(String owner, String name, String descriptor) {
        return declared(new MethodRef(owner, name, descriptor)) != null;
    }

    private MethodNode declared(MethodRef ref) {
        ClassNode node = classes.get(ref.owner());
        if (node == null) {
            return null;
        }
        for (MethodNode method : node.methods) {
            if (method.name.equals(ref.name()) && method.desc.equals(ref.descriptor())) {
                return method;
            }
        }
        return null;
    }

    /** Whether a supertype outside the lock's classes (the JDK's, a library's) declares this method. */
    private boolean overridesOutsideThePackage(ClassNode node, MethodNode method) {
        if (method.name.startsWith("<") || (method.access & ACC_STATIC) != 0) {
            return false;
        }
        Type[] parameters = Type.getArgumentTypes(method.desc);
        for (Class<?> external : externalSupertypes(node)) {
            for (Class<?> type = external; type != null; type = type.getSuperclass()) {
                if (declaresMatching(type, method.name, parameters) || anyInterfaceDeclares(type, method.name, parameters)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The nearest supertypes of {@code node} that are not among the lock's classes, loaded. */
    private Set<Class<?>> externalSupertypes(ClassNode node) {
        Set<Class<?>> found = new HashSet<>();
        Deque<String> names = new ArrayDeque<>();
        if (node.superName != null) {
            names.add(node.superName);
        }
        names.addAll(node.interfaces);
        while (!names.isEmpty()) {
            String name = names.removeFirst();
            ClassNode inside = classes.get(name);
            if (inside == null) {
                found.add(load(name));
            } else {
                if (inside.superName != null) {
                    names.add(inside.superName);
                }
                names.addAll(inside.interfaces);
            }
        }
        return found;
    }

    private static boolean anyInterfaceDeclares(Class<?> type, String name, Type[] parameters) {
        for (Class<?> implemented : type.getInterfaces()) {
            if (declaresMatching(implemented, name, parameters) || anyInterfaceDeclares(implemented, name, parameters)) {
                return true;
            }
        }
        return false;
    }

    private static boolean declaresMatching(Class<?> type, String name, Type[] parameters) {
        return Arrays.stream(type.getDeclaredMethods()).anyMatch(method -> method.getName().equals(name)
                && Arrays.equals(parameterTypes(method), parameters));
    }

    private static Type[] parameterTypes(Method method) {
        return Arrays.stream(method.getParameterTypes()).map(Type::getType).toArray(Type[]::new);
    }

    private Class<?> load(String internalName) {
        try {
            return Class.forName(internalName.replace('/', '.'), false, loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("a supertype of the lock's classes, " + internalName.replace('/', '.')
                    + ", is not on the class path", e);
        }
    }
}
