import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000001Identity } from './Migration20261122000001Identity';
import { Migration20261122000002Notifications } from './Migration20261122000002Notifications';
import { Migration20261122000003Creator } from './Migration20261122000003Creator';
import { Migration20261122000004Moderation } from './Migration20261122000004Moderation';
import { Migration20261122000005Amplify } from './Migration20261122000005Amplify';
import { Migration20261123000006ListingVersion } from './Migration20261123000006ListingVersion';
import { Migration20261123000007ListingChangeNotify } from './Migration20261123000007ListingChangeNotify';
import { Migration20261123100000MailLease } from './Migration20261123100000MailLease';
import { Migration20261123100100ModerationVersions } from './Migration20261123100100ModerationVersions';
import { Migration20261123100200RecoveryTokenLiveIndex } from './Migration20261123100200RecoveryTokenLiveIndex';
import { Migration20261123100400IntroductionConfirmation } from './Migration20261123100400IntroductionConfirmation';
import { Migration20261123100500DirectorySearch } from './Migration20261123100500DirectorySearch';
import { Migration20261124020000ExperienceMail } from './Migration20261124020000ExperienceMail';
import { Migration20261124030000DirectoryTypeFilters } from './Migration20261124030000DirectoryTypeFilters';
import { Migration20261124040000ListingCounts } from './Migration20261124040000ListingCounts';
import { Migration20261124041000ProfilePhotoSizes } from './Migration20261124041000ProfilePhotoSizes';
import { Migration20261125010000ContactRequests } from './Migration20261125010000ContactRequests';
import { Migration20261125020000HandleChecks } from './Migration20261125020000HandleChecks';
import { Migration20261125030000FollowerCounts } from './Migration20261125030000FollowerCounts';
import { Migration20261126010000ListingFacts } from './Migration20261126010000ListingFacts';
import { Migration20261126020000FeaturedMailOnce } from './Migration20261126020000FeaturedMailOnce';
import { Migration20261126020100EmailConfirmation } from './Migration20261126020100EmailConfirmation';
import { Migration20261126020200HandleCheckLinks } from './Migration20261126020200HandleCheckLinks';
import { Migration20261126020300FollowerJumpWindow } from './Migration20261126020300FollowerJumpWindow';
import { Migration20261126030000Cities } from './Migration20261126030000Cities';
import { Migration20261126120000Shortlists } from './Migration20261126120000Shortlists';
import { Migration20261126120100ConsoleListsAndCounts } from './Migration20261126120100ConsoleListsAndCounts';
import { Migration20261126130000ReplyTimes } from './Migration20261126130000ReplyTimes';
import { Migration20261126130100LocalAudience } from './Migration20261126130100LocalAudience';
import { Migration20261126140000CityListingCounts } from './Migration20261126140000CityListingCounts';
import { Migration20261126160000Webhooks } from './Migration20261126160000Webhooks';
import { Migration20261126170000CreatorDailyCounts } from './Migration20261126170000CreatorDailyCounts';
import { Migration20261126190000IntroductionRequester } from './Migration20261126190000IntroductionRequester';
import { Migration20261126200000AccountChangeNotify } from './Migration20261126200000AccountChangeNotify';
import { Migration20261126210000ListingVersionPerStatement } from './Migration20261126210000ListingVersionPerStatement';
import { Migration20261126230000AreaListingCounts } from './Migration20261126230000AreaListingCounts';
import { Migration20261127010000CreatorListVersion } from './Migration20261127010000CreatorListVersion';
import { Migration20261128100000SearchWords } from './Migration20261128100000SearchWords';
import { Migration20261128220000WebhookAnswersForgotten } from './Migration20261128220000WebhookAnswersForgotten';
import { Migration20261128220100ProvenContacts } from './Migration20261128220100ProvenContacts';
import { Migration20261128220200VerifiedNowAndListedFollowers } from './Migration20261128220200VerifiedNowAndListedFollowers';
import { Migration20261129120000Calls } from './Migration20261129120000Calls';
import { Migration20261129150000CallMatchMail } from './Migration20261129150000CallMatchMail';
import { Migration20261129170000CallAnswers } from './Migration20261129170000CallAnswers';
import { Migration20261129180000CallViews } from './Migration20261129180000CallViews';
import { Migration20261201050000NeighborhoodNewestIndex } from './Migration20261201050000NeighborhoodNewestIndex';
import { Migration20261129140000SearchWordsPlannedEachTime } from './Migration20261129140000SearchWordsPlannedEachTime';

/**
 * Committed migrations, in order. Listed explicitly (not globbed) so they run the same from
 * compiled JS, from ts-jest and from the CLI. Append new ones at the end.
 */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122000001Identity', class: Migration20261122000001Identity },
  { name: 'Migration20261122000002Notifications', class: Migration20261122000002Notifications },
  { name: 'Migration20261122000003Creator', class: Migration20261122000003Creator },
  { name: 'Migration20261122000004Moderation', class: Migration20261122000004Moderation },
  { name: 'Migration20261122000005Amplify', class: Migration20261122000005Amplify },
  { name: 'Migration20261123000006ListingVersion', class: Migration20261123000006ListingVersion },
  { name: 'Migration20261123000007ListingChangeNotify', class: Migration20261123000007ListingChangeNotify },
  { name: 'Migration20261123100000MailLease', class: Migration20261123100000MailLease },
  { name: 'Migration20261123100100ModerationVersions', class: Migration20261123100100ModerationVersions },
  { name: 'Migration20261123100200RecoveryTokenLiveIndex', class: Migration20261123100200RecoveryTokenLiveIndex },
  { name: 'Migration20261123100400IntroductionConfirmation', class: Migration20261123100400IntroductionConfirmation },
  { name: 'Migration20261123100500DirectorySearch', class: Migration20261123100500DirectorySearch },
  { name: 'Migration20261124020000ExperienceMail', class: Migration20261124020000ExperienceMail },
  { name: 'Migration20261124030000DirectoryTypeFilters', class: Migration20261124030000DirectoryTypeFilters },
  { name: 'Migration20261124040000ListingCounts', class: Migration20261124040000ListingCounts },
  { name: 'Migration20261124041000ProfilePhotoSizes', class: Migration20261124041000ProfilePhotoSizes },
  { name: 'Migration20261125010000ContactRequests', class: Migration20261125010000ContactRequests },
  { name: 'Migration20261125020000HandleChecks', class: Migration20261125020000HandleChecks },
  { name: 'Migration20261125030000FollowerCounts', class: Migration20261125030000FollowerCounts },
  { name: 'Migration20261126010000ListingFacts', class: Migration20261126010000ListingFacts },
  { name: 'Migration20261126020000FeaturedMailOnce', class: Migration20261126020000FeaturedMailOnce },
  { name: 'Migration20261126020100EmailConfirmation', class: Migration20261126020100EmailConfirmation },
  { name: 'Migration20261126020200HandleCheckLinks', class: Migration20261126020200HandleCheckLinks },
  { name: 'Migration20261126020300FollowerJumpWindow', class: Migration20261126020300FollowerJumpWindow },
  { name: 'Migration20261126030000Cities', class: Migration20261126030000Cities },
  { name: 'Migration20261126120000Shortlists', class: Migration20261126120000Shortlists },
  { name: 'Migration20261126120100ConsoleListsAndCounts', class: Migration20261126120100ConsoleListsAndCounts },
  { name: 'Migration20261126130000ReplyTimes', class: Migration20261126130000ReplyTimes },
  { name: 'Migration20261126130100LocalAudience', class: Migration20261126130100LocalAudience },
  { name: 'Migration20261126140000CityListingCounts', class: Migration20261126140000CityListingCounts },
  { name: 'Migration20261126160000Webhooks', class: Migration20261126160000Webhooks },
  { name: 'Migration20261126170000CreatorDailyCounts', class: Migration20261126170000CreatorDailyCounts },
  { name: 'Migration20261126190000IntroductionRequester', class: Migration20261126190000IntroductionRequester },
  { name: 'Migration20261126200000AccountChangeNotify', class: Migration20261126200000AccountChangeNotify },
  {
    name: 'Migration20261126210000ListingVersionPerStatement',
    class: Migration20261126210000ListingVersionPerStatement,
  },
  { name: 'Migration20261126230000AreaListingCounts', class: Migration20261126230000AreaListingCounts },
  { name: 'Migration20261127010000CreatorListVersion', class: Migration20261127010000CreatorListVersion },
  { name: 'Migration20261128100000SearchWords', class: Migration20261128100000SearchWords },
  { name: 'Migration20261128220000WebhookAnswersForgotten', class: Migration20261128220000WebhookAnswersForgotten },
  { name: 'Migration20261128220100ProvenContacts', class: Migration20261128220100ProvenContacts },
  {
    name: 'Migration20261128220200VerifiedNowAndListedFollowers',
    class: Migration20261128220200VerifiedNowAndListedFollowers,
  },
  { name: 'Migration20261129120000Calls', class: Migration20261129120000Calls },
  {
    name: 'Migration20261129140000SearchWordsPlannedEachTime',
    class: Migration20261129140000SearchWordsPlannedEachTime,
  },
  { name: 'Migration20261129150000CallMatchMail', class: Migration20261129150000CallMatchMail },
  { name: 'Migration20261129170000CallAnswers', class: Migration20261129170000CallAnswers },
  { name: 'Migration20261129180000CallViews', class: Migration20261129180000CallViews },
  {
    name: 'Migration20261201050000NeighborhoodNewestIndex',
    class: Migration20261201050000NeighborhoodNewestIndex,
  },
];
