/**
 * The access domain's routes (`auth.*`, `organizations.*`, `users.*`): pure data, composed into the route table
 * (shared/api/routes.ts) that the CDK app reads at synth time. Their contracts are in ./contracts.ts,
 * their examples in ./examples.ts; a route's handler is `functions/access/<file>.ts` (see `handlerFile`).
 */
import { domainRoutes } from '../http/route-rows';

export const userRoutes = domainRoutes('access', [
  {
    name: 'users.add',
    path: '/v2/users/add',
    db: 'read-write',
    summary: 'Add users to an organization, a folder only, or a document only.',
  },
  {
    name: 'users.get',
    path: '/v2/users/get',
    db: 'read',
    summary: 'List the members (contacts) of an organization, folder or document.',
  },
  {
    name: 'users.update',
    path: '/v2/users/update',
    db: 'read-write',
    realtime: true,
    summary: "Update users' profiles and roles; missing users fail per item.",
  },
  {
    name: 'users.delete',
    path: '/v2/users/delete',
    db: 'read-write',
    realtime: true,
    summary: 'Remove users from an organization, folder or document.',
  },
]);

export const groupAndPermissionRoutes = domainRoutes('access', [
  {
    name: 'organizations.usergroups.add',
    path: '/v2/organizations/usergroups/add',
    db: 'read-write',
    summary: 'Add user groups, or rename existing ones.',
  },
  {
    name: 'organizations.usergroups.get',
    path: '/v2/organizations/usergroups/get',
    db: 'read',
    summary: "Get an organization's user groups with their members.",
  },
  {
    name: 'organizations.usergroups.users.add',
    path: '/v2/organizations/usergroups/users/add',
    db: 'read-write',
    summary: 'Add organization members to a user group.',
  },
  {
    name: 'organizations.usergroups.users.delete',
    path: '/v2/organizations/usergroups/users/delete',
    db: 'read-write',
    summary: 'Remove users (or everyone) from a user group.',
  },
  {
    name: 'auth.permissions.get',
    path: '/v2/auth/permissions/get',
    db: 'read',
    summary: "Resolve users' access to an organization and its folders and documents.",
  },
  {
    name: 'auth.permissions.add',
    path: '/v2/auth/permissions/add',
    db: 'read-write',
    summary: 'Grant a user access to organizations, folders, documents or contexts, optionally until a time.',
  },
  {
    name: 'auth.permissions.remove',
    path: '/v2/auth/permissions/remove',
    db: 'read-write',
    realtime: true,
    summary: "Remove a user's explicit grants.",
  },
  {
    name: 'auth.token.generate',
    path: '/v2/auth/generate_token',
    db: 'read-write',
    summary: "Sign a 48-hour user token (JWT, HS256) with the API key's own secret.",
  },
]);
