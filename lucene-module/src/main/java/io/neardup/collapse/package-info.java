/**
 * Result collapse: groups the near-duplicates among the top hits of any search and keeps, demotes
 * or groups the copies under one canonical hit per group.
 */
package io.neardup.collapse;
