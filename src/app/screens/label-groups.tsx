/** The `labelGroups` route: the label tree, as the feature has it. */
export { LabelGroupsPage as Component } from '@/features/label-groups/routes/label-groups-page';
